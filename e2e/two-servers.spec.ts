import crypto from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import pg from 'pg';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { Wizard } from './fixtures/wizard';
import { uniqueSlip } from '../test/fixtures/files';

/**
 * Two production servers (scripts/server.mjs, the e2e build) on one PostgreSQL, and on one Redis when TEST_REDIS_URL
 * names one (sharing Next's page cache, lib/platform/cache/page-cache-handler.mjs), as a deployment of several
 * instances runs (docs/product-rules.md#caching and #jobs): what an admin changes on one shows on the other within 5 s;
 * each job slot runs once; a slip uploaded through one is shown through the other (each server has an upload folder of
 * its own, so only the database can carry it); a staff member signs in and works on each; and nobody calls a route,
 * yet the billing of a rental whose prepaid month ended happens.
 * Needs TEST_DATABASE_URL (postgres://…); skipped with a line saying so without it.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL;
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 5;
const PORTS = [BASE_PORT, BASE_PORT + 1];
const ADMIN = { email: 'two-servers-admin@example.test', password: 'two-servers-password' };
const RENTAL_EMAIL = 'ended-rental@example.com';
const ROOT = process.cwd();

// The first visits of the admin's pages on two servers just started, beside the suite's other workers: the sign-in
// test took 11 s alone and 48-50 s in the full suite on a slower 2-core host, against the default 60 s.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
if (!SERVER_URL) console.log('two-servers.spec: skipped, TEST_DATABASE_URL is not set (two servers need one PostgreSQL).');
test.skip(!SERVER_URL, 'Two servers on one PostgreSQL need TEST_DATABASE_URL (postgres://…).');

let dbName = '';
let dbUrl = '';
let sql: pg.Client;
const servers: { proc: ChildProcess; output: string; url: string }[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-two-servers-'));

function adminConfig(url: string) {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 5432), user: decodeURIComponent(u.username) || undefined, password: u.password || undefined, database: u.pathname.slice(1) || 'postgres' };
}

function runScript(args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), args, { cwd: ROOT, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dbName = `pss_two_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(adminConfig(SERVER_URL!));
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const u = new URL(SERVER_URL!);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
  // The same secret for the scripts that write data (booking links are signed) and for both servers, as in production.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: dbUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_SECRET: 'two-servers-secret-that-is-long-enough-0123456789',
    GATE_PIN_KEY: Buffer.alloc(32, 3).toString('base64'),
    NODE_ENV: 'production' as const,
    NEXT_TELEMETRY_DISABLED: '1',
    CHECKPOINT_DISABLE: '1',
  };
  // Migrated, seeded, and a rental whose prepaid month ended 5 weeks ago: written before any server runs.
  runScript(['e2e/fixtures/prepare-two-servers-db.ts', RENTAL_EMAIL], env);
  sql = new pg.Client(adminConfig(dbUrl));
  await sql.connect();

  for (const [i, port] of PORTS.entries()) {
    const proc = spawn(process.execPath, ['scripts/server.mjs'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        PORT: String(port),
        SITE_URL: `http://localhost:${port}`,
        CRON_SECRET: 'two-servers-cron-secret-0123',
        UPLOAD_DIR: path.join(tmp, `uploads-${i}`),
        EMAIL_OUTBOX_DIR: path.join(tmp, `outbox-${i}`),
        PUBLIC_DATA_POLL_MS: '500',
        // With Redis (as the production layout runs, compose.yaml) the servers share Next's page cache and hear each
        // other's changes through it; without, through the database. A namespace of this run's own for the pages.
        ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, PAGE_CACHE_PREFIX: `pss:pages:${dbName}:` } : {}),
        RATE_LIMIT_SCALE: '50',
        JOBS_SCHEDULER: 'on',
        STRIPE_SECRET_KEY: '',
        RESEND_API_KEY: '',
      },
    });
    const s = { proc, output: '', url: `http://localhost:${port}` };
    proc.stdout!.on('data', (c) => (s.output += c));
    proc.stderr!.on('data', (c) => (s.output += c));
    servers.push(s);
  }
  for (const s of servers) await expect.poll(() => s.output.includes('ready on'), { timeout: 90_000 }).toBe(true);
});

test.afterEach(async ({}, testInfo) => {
  // What the servers said, for a failure that happened on their side.
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const [i, s] of servers.entries()) await testInfo.attach(`server-${i}.log`, { body: s.output.split('\n').slice(-200).join('\n'), contentType: 'text/plain' });
  }
});

test.afterAll(async () => {
  for (const [i, s] of servers.entries()) fs.writeFileSync(path.join(ROOT, 'test-results', `two-servers-${i}.log`), s.output);
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  await sql?.end().catch(() => undefined);
  if (dbName) {
    const admin = new pg.Client(adminConfig(SERVER_URL!));
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function signIn(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/admin/sign-in');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return page;
}

test('a staff member signs in and opens /admin on each server', async ({ browser }) => {
  for (const s of servers) {
    const page = await signIn(browser, s.url);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/admin/jobs');
    await expect(page.getByRole('heading', { name: 'Scheduled jobs' })).toBeVisible();
    await page.context().close();
  }
});

test('an admin price change on one server shows on the other within 5 seconds', async ({ browser, request }) => {
  const [a, b] = servers;
  const priceOnB = async () => (await (await request.get(`${b.url}/`)).text()).includes('From ฿12,345/month');
  // B has the home page in every cache it keeps (and, with Redis, in the page cache both share).
  expect(await priceOnB()).toBe(false);
  expect(await priceOnB()).toBe(false);
  expect((await request.get(`${b.url}/`)).headers()['x-nextjs-cache']).toMatch(/^(HIT|STALE)$/);
  const page = await signIn(browser, a.url);
  await page.goto('/admin/unit-types/xl');
  await page.getByLabel('List price per month (THB)').fill('12345');
  await page.getByRole('button', { name: 'Save unit type' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. The public site shows the change on the next page load.');
  const saved = Date.now();
  await expect.poll(priceOnB, { timeout: 5_000, intervals: [250] }).toBe(true);
  expect(Date.now() - saved).toBeLessThan(5_000);
  await page.context().close();
});

test('each job slot runs once across the two servers, and billing ran by itself', async () => {
  // Every process of both servers (one per core on PostgreSQL, README "Deploying") claimed every job's latest slot
  // when it started: one of them ran it, all the others found it taken.
  for (const s of servers) expect(s.output, 'the scheduler reports its start').toContain('jobs: scheduler started');
  const startups = servers.flatMap((s) =>
    s.output
      .split('\n')
      .filter((l) => l.includes('jobs: scheduler started'))
      .map((l) => JSON.parse(l).outcomes as Record<string, string>),
  );
  for (const job of ['billing', 'purge-uploads', 'reviews-sync']) {
    const outcomes = startups.map((o) => o[job]);
    expect(outcomes.filter((o) => o === 'succeeded'), job).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'taken').length, job).toBe(1);
  }
  // Every run recorded is the work of exactly one server (its log line), never two.
  const ranLines = servers.flatMap((s) => s.output.split('\n').filter((l) => l.includes('jobs: run succeeded')).map((l) => JSON.parse(l).runId as string));
  expect(new Set(ranLines).size).toBe(ranLines.length);
  const { rows } = await sql.query(`SELECT job, slot, count(*)::int AS n FROM job_runs WHERE trigger IN ('schedule', 'startup') GROUP BY job, slot`);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.n === 1)).toBe(true);
  // Nobody called a route, yet the rental whose prepaid month ended has its renewal invoice.
  const renewals = await sql.query(`SELECT i.number FROM invoices i JOIN bookings b ON b.id = i.booking_id JOIN customers c ON c.id = b.customer_id WHERE c.email = $1 AND i.kind = 'renewal'`, [RENTAL_EMAIL]);
  expect(renewals.rows.length).toBeGreaterThanOrEqual(1);
});

test('a slip uploaded through one server is shown through the other', async ({ browser }) => {
  const [a, b] = servers;
  const context = await browser.newContext({ baseURL: a.url });
  const page = await context.newPage();
  const wizard = new Wizard(page);
  await wizard.bookUntilPayment({ term: '3m', email: `two-servers-slip-${Date.now()}@example.com`, method: 'bank_transfer', day: 2 });
  await page.getByLabel('Choose file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
  await expect(page.getByText('Proof uploaded: slip.png')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await wizard.submit();
  // The first booking a fresh server takes renders its pages for the first time: give it time on a busy machine.
  await expect(wizard.booked()).toBeVisible({ timeout: 30_000 });
  await context.close();

  const { rows } = await sql.query(`SELECT id, booking_id FROM payment_proofs ORDER BY uploaded_at DESC LIMIT 1`);
  const staff = await signIn(browser, b.url);
  await staff.goto(`/admin/booking-review/${rows[0].booking_id}`);
  await expect(staff.getByRole('img', { name: 'slip.png' })).toBeVisible();
  const file = await staff.request.get(`/admin/proofs/${rows[0].id}`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');
  expect((await file.body()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  await staff.context().close();
});
