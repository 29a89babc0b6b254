// Serves the production build for Playwright on a fresh embedded database of its own, with local fakes of Stripe
// (API + hosted checkout page + signed webhooks), Resend, an OpenAI-compatible model, LINE and a gate controller, so card/PromptPay, email and
// the chat assistant run their real SDK paths.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { baseEnv, bin, ROOT, run, serve } from './lib.mjs';
import { databaseFromTemplate } from './e2e-db-template.mjs';

const port = process.env.E2E_PORT || '3100';
// The fakes' ports follow E2E_PORT (3191… beside 3100), so two checkouts can run their suites side by side.
const fakePort = (name, offset) => process.env[name] || String(Number(port) + offset);
const stripePort = fakePort('FAKE_STRIPE_PORT', 91);
const resendPort = fakePort('FAKE_RESEND_PORT', 92);
const openaiPort = fakePort('FAKE_OPENAI_PORT', 93);
const linePort = fakePort('FAKE_LINE_PORT', 94);
const gatePort = fakePort('FAKE_GATE_PORT', 95);
const slipPort = fakePort('FAKE_SLIP_PORT', 96);
// A folder per port: each Playwright worker's server has a database, an outbox and uploads of its own.
const dataDir = path.join(ROOT, '.data', 'e2e', port);
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
  ADMIN_EMAIL: 'admin@example.test',
  ADMIN_PASSWORD: 'e2e-admin-password',
  CRON_SECRET: 'e2e-cron-secret-0123456789',
  GATE_PIN_KEY: 'ZTJlLWdhdGUtcGluLWtleS0zMi1ieXRlcy1sb25nISE=',
  BILLING_CLOCK_OVERRIDE: '1',
  // Every spec runs from 127.0.0.1: the limits counted per address (and the hold limits per address) allow 50 times more,
  // so the suite's hundred-odd bookings fit; limits per account, email or recipient stay as in production.
  RATE_LIMIT_SCALE: '50',
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_fake_secret',
  STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
  RESEND_API_KEY: 're_test_fake',
  RESEND_BASE_URL: `http://127.0.0.1:${resendPort}`,
  OPENAI_API_KEY: 'sk-test-fake',
  OPENAI_BASE_URL: `http://127.0.0.1:${openaiPort}/v1`,
  LINE_CHANNEL_ACCESS_TOKEN: 'e2e-line-access-token',
  LINE_CHANNEL_SECRET: 'e2e-line-channel-secret',
  LINE_API_URL: `http://127.0.0.1:${linePort}`,
  GATE_API_URL: `http://127.0.0.1:${gatePort}/`,
  GATE_API_SECRET: 'e2e-gate-secret-0123456789',
  // The slip-verification provider (lib/payments/slip-verify.ts): only slips carrying a bank's QR reach it.
  SLIP_VERIFY_URL: `http://127.0.0.1:${slipPort}/`,
  SLIP_VERIFY_TOKEN: 'e2e-slip-verify-token',
};
delete env.DATABASE_URL;

// Migrated and seeded once per Playwright run, copied for each server (scripts/e2e-db-template.mjs), with Small units
// enough for every spec that books one (scripts/db/e2e-units.ts).
await databaseFromTemplate(env.PGLITE_DIR, (dir) => run(bin('tsx'), ['scripts/db/migrate-and-seed.ts', '--e2e'], { env: { ...env, PGLITE_DIR: dir } }));

const fakes = spawn(bin('tsx'), ['test/fakes/start.ts'], {
  stdio: 'inherit',
  cwd: ROOT,
  env: {
    ...env,
    NODE_ENV: 'test',
    FAKE_STRIPE_PORT: stripePort,
    FAKE_RESEND_PORT: resendPort,
    FAKE_OPENAI_PORT: openaiPort,
    FAKE_LINE_PORT: linePort,
    FAKE_GATE_PORT: gatePort,
    FAKE_SLIP_PORT: slipPort,
    FAKE_STRIPE_WEBHOOK_URL: `http://localhost:${port}/api/stripe/webhook`,
  },
});
const app = serve(env, port);
const stopFakes = () => fakes.kill('SIGTERM');
app.on('exit', stopFakes);
process.on('exit', stopFakes);
