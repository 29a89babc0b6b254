// `npm run dev`: the development server (hot reload) on the same embedded database as `npm start`, migrated and
// seeded first. PORT picks the port (3000).
import { ensureDependencies, ensurePrismaClient, prepareDatabase, serve, serverEnv } from './lib.mjs';

ensureDependencies();
ensurePrismaClient();

const port = process.env.PORT || '3000';
const env = serverEnv('development', port);
prepareDatabase(env);
console.log(`• Development server on http://localhost:${port}`);
serve(env, port, { dev: true });
