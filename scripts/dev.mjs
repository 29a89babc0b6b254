// `npm run dev`: the development server (hot reload) on the same embedded database as `npm start`, migrated and
// seeded first. PORT picks the port (3000).
import { baseEnv, ensureAuthSecret, ensureDependencies, ensurePrismaClient, prepareDatabase, serve } from './lib.mjs';

ensureDependencies();
ensurePrismaClient();

const port = process.env.PORT || '3000';
const env = {
  ...baseEnv,
  NODE_ENV: 'development',
  PORT: port,
  SITE_URL: process.env.SITE_URL || `http://localhost:${port}`,
  AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST || 'true',
};
env.AUTH_SECRET = ensureAuthSecret(env);

prepareDatabase(env);
console.log(`• Development server on http://localhost:${port}`);
serve(env, port, { dev: true });
