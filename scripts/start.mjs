// `npm start`: from a fresh clone to http://localhost:3000 on the embedded database.
import { baseEnv, ensureAuthSecret, ensureBuild, ensureDependencies, ensurePrismaClient, prepareDatabase, serve } from './lib.mjs';

ensureDependencies();
ensurePrismaClient();

const port = process.env.PORT || '3000';
const env = {
  ...baseEnv,
  NODE_ENV: 'production',
  PORT: port,
  SITE_URL: process.env.SITE_URL || `http://localhost:${port}`,
  AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST || 'true',
};
env.AUTH_SECRET = ensureAuthSecret(env);

prepareDatabase(env);
ensureBuild(env);
console.log(`• Serving on http://localhost:${port}`);
serve(env, port);
