// Serves the production build for Playwright on a fresh embedded database of its own.
import fs from 'node:fs';
import path from 'node:path';
import { baseEnv, bin, ROOT, run, serve } from './lib.mjs';

const port = process.env.E2E_PORT || '3100';
const dataDir = path.join(ROOT, '.data', 'e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const env = {
  ...baseEnv,
  NODE_ENV: 'production',
  PORT: port,
  PGLITE_DIR: path.join(dataDir, 'pglite'),
  EMAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
  UPLOAD_DIR: path.join(dataDir, 'uploads'),
  SITE_URL: `http://localhost:${port}`,
  AUTH_SECRET: 'e2e-auth-secret-that-is-long-enough-0123456789',
  AUTH_TRUST_HOST: 'true',
  ADMIN_EMAIL: 'admin@example.test',
  ADMIN_PASSWORD: 'e2e-admin-password',
  CRON_SECRET: 'e2e-cron-secret-0123456789',
};
delete env.DATABASE_URL;

run(bin('tsx'), ['scripts/db/migrate.ts', 'deploy'], { env });
run(bin('tsx'), ['prisma/seed.ts'], { env });
serve(env, port);
