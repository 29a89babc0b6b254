// `npm run build`: the production build `npm start` and `npm run serve` use, stamped with its sources the way
// `npm start` stamps its own, so `npm run build && npm start` builds once. The build needs no secret.
import { baseEnv, ensureBuild, ensureDependencies, ensurePrismaClient } from './lib.mjs';

ensureDependencies();
ensurePrismaClient();
const port = process.env.PORT || '3000';
ensureBuild({ ...baseEnv, NODE_ENV: 'production', SITE_URL: process.env.SITE_URL || `http://localhost:${port}` }, { force: true });
