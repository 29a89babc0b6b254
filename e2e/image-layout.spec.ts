import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { expect, test } from '@playwright/test';

/**
 * The Docker image without Docker: the run stage of the Dockerfile is replayed from the e2e build. Every `COPY
 * --from=…` line of that stage is read from the Dockerfile and copied into an empty folder (node_modules is linked, not
 * copied: the image's is this one less the dev tools; .next without Next's build cache, which the build stage removes),
 * its `CMD` runs there
 * with only the environment the Dockerfile's header documents (DATABASE_URL, AUTH_SECRET, GATE_PIN_KEY, SITE_URL), on PostgreSQL
 * when TEST_DATABASE_URL names a server (as the image is run), else on an embedded database. Then every kind of
 * answer is fetched: pages in three languages, link-preview images, an invoice PDF with Thai text (fonts must be in
 * the image), the health check, the security headers, and a staff sign-in (docs/product-rules.md#staff-sign-in-host).
 */
const ROOT = process.cwd();
const PORT = Number(process.env.E2E_PORT ?? 3100) + 77;
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: 'image-admin@example.test', password: 'image-admin-password-0123' };
const SECRET = 'image-layout-secret-that-is-long-enough-0123456789';
/** The gate-PIN key (32 bytes, base64), required beside AUTH_SECRET on PostgreSQL in production. */
const GATE_PIN_KEY = Buffer.alloc(32, 5).toString('base64');

type Stage = { workdir: string; copies: { from: string; to: string }[]; cmd: string[]; healthcheck: string[]; env: Record<string, string> };

/** The Dockerfile's last stage: its WORKDIR, the files it copies from the build stage, its ENV and its CMD. */
function runStage(): Stage {
  // Instructions continued over several lines with a trailing backslash are read as one.
  const lines = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ').split('\n');
  const from = lines.map((l, i) => (/^FROM\s/i.test(l) ? i : -1)).filter((i) => i >= 0).at(-1)!;
  const stage: Stage = { workdir: '/', copies: [], cmd: [], healthcheck: [], env: {} };
  for (const line of lines.slice(from)) {
    const [word, ...rest] = line.trim().split(/\s+/);
    if (/^WORKDIR$/i.test(word)) stage.workdir = rest[0];
    if (/^COPY$/i.test(word) && rest.some((r) => r.startsWith('--from='))) {
      const [src, dest] = rest.filter((r) => !r.startsWith('--'));
      stage.copies.push({ from: src, to: dest });
    }
    if (/^ENV$/i.test(word)) for (const pair of rest) if (pair.includes('=')) stage.env[pair.split('=')[0]] = pair.slice(pair.indexOf('=') + 1);
    if (/^CMD$/i.test(word)) stage.cmd = JSON.parse(rest.join(' '));
    if (/^HEALTHCHECK$/i.test(word)) stage.healthcheck = JSON.parse(line.slice(line.indexOf('CMD') + 3).trim());
  }
  return stage;
}

let server: ChildProcess | undefined;
let output = '';
let folder = '';
let dropDatabase: (() => Promise<void>) | undefined;
let invoiceId = '';
let imageEnv: Record<string, string> = {};
let stage: Stage;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stage = runStage();
  expect(stage.copies.length, 'the run stage copies the build').toBeGreaterThan(0);
  expect(stage.cmd[0]).toBe('node');

  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-image-'));
  const inImage = (p: string) => path.join(folder, path.relative(stage.workdir, path.resolve(stage.workdir, p)));
  for (const { from, to } of stage.copies) {
    // Sources are paths in the build stage, whose WORKDIR is the project folder (/app).
    const source = path.join(ROOT, path.relative('/app', from));
    expect(fs.existsSync(source), `${from} exists after the build`).toBe(true);
    fs.mkdirSync(path.dirname(inImage(to)), { recursive: true });
    if (path.basename(source) === 'node_modules') fs.symlinkSync(source, inImage(to), 'dir');
    else fs.cpSync(source, inImage(to), { recursive: true, filter: (f) => !f.startsWith(path.join(ROOT, '.next', 'cache')) });
  }

  let database: Record<string, string>;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `pss_image_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = { DATABASE_URL: url.toString() };
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    };
  } else {
    database = { PGLITE_DIR: path.join(folder, '.data', 'pglite') };
  }

  // The tools stage's job (migrate, seed) and a booking with a tax invoice, from the project folder.
  const prepared = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['e2e/fixtures/prepare-image-db.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH!, HOME: os.homedir(), ...database, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SITE_URL: BASE, AUTH_SECRET: SECRET, GATE_PIN_KEY } as unknown as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 180_000,
  });
  expect(prepared.status, prepared.stderr).toBe(0);
  invoiceId = JSON.parse(prepared.stdout.trim().split('\n').at(-1)!).invoiceId;

  // Only what the image has: its ENV lines and what the operator passes (Dockerfile header), nothing of this shell.
  imageEnv = { PATH: process.env.PATH!, ...stage.env, PORT: String(PORT), ...database, AUTH_SECRET: SECRET, GATE_PIN_KEY, SITE_URL: BASE, UPLOAD_DIR: path.join(folder, 'uploads') };
  const started = spawn(stage.cmd[0] === 'node' ? process.execPath : stage.cmd[0], stage.cmd.slice(1), {
    cwd: folder,
    env: imageEnv as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = started;
  started.stdout!.on('data', (c) => (output += c));
  started.stderr!.on('data', (c) => (output += c));
  await expect.poll(() => output.includes('ready on') || started.exitCode !== null, { timeout: 90_000 }).toBe(true);
  expect(started.exitCode, output).toBeNull();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  await dropDatabase?.();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** The CSP source of each inline script of a document ('sha256-…'). */
const inlineHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1])).map((m) => `'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);

test('serves the pages in every language with the security headers, and its health check', async ({ request }) => {
  for (const page of ['/', '/th', '/ru', '/faq', '/th/space-calculator', '/ru/greenbox', '/booking-v2', '/th/booking-v2']) {
    const res = await request.get(`${BASE}${page}`);
    expect(res.status(), page).toBe(200);
    // A fresh server: this is each page's first answer, rendered for it, and it already carries the policy of its
    // own inline scripts (lib/platform/cache/page-cache-handler.mjs), no 'unsafe-inline'.
    expect(res.headers()['x-nextjs-cache'], page).toBe('MISS');
    const script = res.headers()['content-security-policy'].split('; ').find((d) => d.startsWith('script-src '))!;
    expect(script, page).not.toContain("'unsafe-inline'");
    expect(script.split(' ').slice(1).sort(), page).toEqual(["'self'", ...new Set(inlineHashes(await res.text()))].sort());
    expect(res.headers()['strict-transport-security'], page).toBeTruthy();
    expect(res.headers()['x-request-id'], page).toBeTruthy();
  }
  const th = await request.get(`${BASE}/th`);
  expect(await th.text()).toContain('lang="th"');
  const health = await request.get(`${BASE}/api/health`);
  expect(health.status()).toBe(200);

  // The image's own HEALTHCHECK command, run as the container runtime runs it.
  expect(stage.healthcheck[0]).toBe('node');
  const check = spawnSync(process.execPath, stage.healthcheck.slice(1), { cwd: folder, env: imageEnv as unknown as NodeJS.ProcessEnv, timeout: 10_000 });
  expect(check.status).toBe(0);
});

test('draws the link-preview images, Thai included', async ({ request }) => {
  for (const locale of ['', '/th', '/ru']) {
    const res = await request.get(`${BASE}${locale}/opengraph-image`);
    expect(res.status(), `${locale}/opengraph-image`).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect((await res.body()).length).toBeGreaterThan(5_000);
  }
});

test('staff sign in on the host SITE_URL names, open the admin and download a Thai tax invoice PDF', async ({ page }) => {
  await page.goto(`${BASE}/admin/sign-in`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The first sign-in of a fresh server compiles the admin's pages and checks a bcrypt hash: give it time.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  await page.goto(`${BASE}/admin/bookings`);
  await expect(page).toHaveURL(/\/admin\/bookings/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const pdf = await page.request.get(`${BASE}/api/invoices/${invoiceId}/pdf`);
  expect(pdf.status(), await pdf.text().catch(() => '')).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect(output).not.toContain('pdf_failed');
});

test('a request for another host is refused sign-in, as next-auth refuses an untrusted host', async ({ request }) => {
  const res = await request.get(`http://127.0.0.1:${PORT}/api/auth/session`, { headers: { host: `evil.example:${PORT}` } });
  expect(res.status()).not.toBe(200);
  const ok = await request.get(`${BASE}/api/auth/session`);
  expect(ok.status()).toBe(200);
});
