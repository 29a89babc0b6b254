import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { copyTemplate } from '../scripts/e2e-db-template.mjs';

/**
 * Analytics only with consent (docs/product-rules.md#personal-data-pdpa), on a phone, in Thai and Russian. The suite's
 * server runs without a tag manager, so this spec starts a server of its own (the e2e build, its own embedded
 * database) with NEXT_PUBLIC_GTM_ID set; Google's file is answered locally and every request for it is counted.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const BASE = `http://localhost:${PORT}`;
const ROOT = process.cwd();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-consent-'));
let server: { proc: ChildProcess; output: string } | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    SITE_URL: BASE,
    PGLITE_DIR: path.join(tmp, 'pglite'),
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
    AUTH_SECRET: 'consent-spec-secret-that-is-long-enough-0123456789',
    GATE_PIN_KEY: Buffer.alloc(32, 5).toString('base64'),
    NEXT_PUBLIC_GTM_ID: 'GTM-PDPA42',
    JOBS_SCHEDULER: 'off',
    RATE_LIMIT_SCALE: '50',
    STRIPE_SECRET_KEY: '',
    RESEND_API_KEY: '',
    OPENAI_API_KEY: '',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  delete env.DATABASE_URL;
  // A copy of the run's migrated and seeded database (scripts/e2e-db-template.mjs); against a server started by hand
  // (no template), migrated and seeded here.
  if (!(await copyTemplate(env.PGLITE_DIR!))) {
    for (const script of ['scripts/db/migrate.ts', 'prisma/seed.ts']) {
      const r = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [script, ...(script.includes('migrate') ? ['deploy'] : [])], { cwd: ROOT, env, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr || r.stdout}`);
    }
  }
  const proc = spawn(process.execPath, ['scripts/server.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const s = { proc, output: '' };
  proc.stdout!.on('data', (c) => (s.output += c));
  proc.stderr!.on('data', (c) => (s.output += c));
  server = s;
  await expect.poll(() => s.output.includes('ready on'), { timeout: 120_000 }).toBe(true);
});

test.afterAll(() => {
  if (server?.proc.exitCode === null) server.proc.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Counts every request for Google's tag manager and answers it locally. */
async function countTagManager(page: Page) {
  const requests: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: 'window.__gtmRan = true;' });
  });
  return requests;
}

const LOCALES = [
  { locale: 'th', title: 'คุกกี้', refuse: 'ปฏิเสธ', accept: 'ยอมรับทั้งหมด', settings: 'ตั้งค่าคุกกี้', text: /คุกกี้ที่ไม่จำเป็นจะไม่ทำงานจนกว่าท่านจะเลือก/ },
  { locale: 'ru', title: 'Файлы cookie', refuse: 'Отказаться', accept: 'Принять все', settings: 'Настройки cookie', text: /Ничего необязательного не запускается, пока вы не сделаете выбор/ },
] as const;

for (const l of LOCALES) {
  test(`${l.locale}: a visitor refuses analytics and no tag manager loads; agreeing later loads it, withdrawing stops it`, async ({ page }) => {
    // Three page loads and four choices against a server started cold on a shared machine.
    test.setTimeout(180_000);
    const gtm = await countTagManager(page);
    const recorded = () => page.waitForResponse((r) => r.url().endsWith('/api/consent') && r.request().method() === 'POST');
    await page.goto(`/${l.locale}`);
    const banner = page.getByRole('region', { name: l.title });
    await expect(banner).toBeVisible();
    await expect(banner.getByText(l.text)).toBeVisible();
    let answer = recorded();
    await banner.getByRole('button', { name: l.refuse }).click();
    expect((await answer).status()).toBe(200);
    await expect(banner).toBeHidden();

    // The next page remembers the refusal: no choice shown, no tag manager. "Cookie settings" is tapped while the page's
    // scripts are still held back (a slow phone, the first second): the tap is kept and the choice opens once they run.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isScript = (url: URL) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js');
    await page.route(isScript, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/${l.locale}/faq`, { waitUntil: 'domcontentloaded' });
    const settings = page.getByRole('contentinfo').getByRole('button', { name: l.settings });
    await settings.click();
    await expect(banner).toBeHidden();
    release();
    await page.unroute(isScript);
    await expect(banner).toBeVisible({ timeout: 30_000 });
    // The address is as it was, so a reload does not open the choice again.
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(gtm).toEqual([]);
    expect(await page.locator('script#gtm-loader').count()).toBe(0);

    // Agreeing loads it at once…
    answer = recorded();
    await banner.getByRole('button', { name: l.accept }).click();
    expect((await answer).status()).toBe(200);
    await expect.poll(() => gtm.length).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0)).toBeGreaterThan(0);

    // …and withdrawing stops it at once: no dataLayer to report to, and the next page loads nothing.
    await settings.click();
    answer = recorded();
    await banner.getByRole('button', { name: l.refuse }).click();
    expect((await answer).status()).toBe(200);
    await expect.poll(() => page.evaluate(() => 'dataLayer' in window)).toBe(false);
    await page.goto(`/${l.locale}`);
    await settings.click();
    await expect(banner).toBeVisible({ timeout: 30_000 });
    expect(gtm).toHaveLength(1);
  });
}
