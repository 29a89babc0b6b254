// `npm start`: from a fresh clone to http://localhost:3000 on the embedded database.
import { ensureBuild, ensureDependencies, ensurePrismaClient, prepareDatabase, serve, serverEnv } from './lib.mjs';

ensureDependencies();
ensurePrismaClient();

const port = process.env.PORT || '3000';
const env = serverEnv('production', port);
prepareDatabase(env);
ensureBuild(env);
console.log(`• Serving on http://localhost:${port}`);
serve(env, port);
