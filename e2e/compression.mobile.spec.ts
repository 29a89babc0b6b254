import { expect, test, type Response } from '@playwright/test';

/**
 * A phone downloads the public pages and the site's scripts in Brotli, which every browser accepts and which is
 * smaller than gzip (README "Performance"): pages replayed from the server's cache, scripts compressed once per build
 * (scripts/server/response-cache.mjs, scripts/server/static-brotli.mjs). A client that asks only for gzip still gets
 * gzip.
 */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

test('the Thai home page and its scripts arrive in Brotli and the page works', async ({ page }) => {
  await expect
    .poll(async () => (await page.request.get('/th', { headers: BROWSER })).headers()['content-encoding'], { timeout: 15_000 })
    .toBe('br');
  const replay = await page.request.get('/th', { headers: BROWSER });
  expect(await replay.text()).toContain('<html lang="th"');

  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (/\/_next\/static\/.+\.js$/.test(new URL(r.url()).pathname)) scripts.push(r);
  });
  // The browser's own request (its language header is part of the cache key) is answered in Brotli once its copy is made.
  await expect.poll(async () => (await page.goto('/th'))!.headerValue('content-encoding'), { timeout: 15_000 }).toBe('br');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page is hydrated: its menu button opens the menu.
  await page.getByRole('button', { name: 'เปิดเมนู' }).click();
  await expect(page.getByRole('link', { name: 'คำถามที่พบบ่อย' }).first()).toBeVisible();

  expect(scripts.length).toBeGreaterThan(3);
  const encodings = await Promise.all(scripts.map((r) => r.headerValue('content-encoding')));
  expect(encodings).toEqual(scripts.map(() => 'br'));

  const gzipOnly = await page.request.get(scripts[0].url(), { headers: { 'accept-encoding': 'gzip' } });
  expect(gzipOnly.headers()['content-encoding']).toBe('gzip');
  expect((await gzipOnly.body()).length).toBeGreaterThan(0);
});
