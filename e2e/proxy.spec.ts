import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { signInStaff } from './admin-helpers';
import { startProxy, type Proxy } from './fixtures/nginx';

/**
 * The production layout's reverse proxy (deploy/nginx/nginx.conf; README "Deploying") in front of the e2e build's
 * server: what it adds (compression, body caps, refusals, a JSON access log, its HTTP cache by the app's
 * Cache-Control), what it must leave as the app sent it (security headers, each page's policy), and a change an admin
 * makes reaching a visitor through its cache (docs/product-rules.md#caching and #security-headers).
 */
const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
const PROXY_PORT = APP_PORT + 70;
const ROOT = process.cwd();
let proxy: Proxy;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  proxy = await startProxy({ port: PROXY_PORT, upstreams: [`localhost:${APP_PORT}`], staticDir: path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'static'), workers: '1' });
});
test.afterAll(async () => {
  await proxy?.stop();
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; rawHeaders: string[]; body: Buffer };

/** A raw request (nothing decodes, nothing rewrites the method or the address), on a fresh connection. */
function raw(method: string, pathAndQuery: string, headers: Record<string, string> = {}, body?: Buffer | string, port = PROXY_PORT): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, agent: false, method, path: pathAndQuery, headers: { host: `localhost:${PROXY_PORT}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'en-US,en;q=0.9' };
const scriptSrc = (csp: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
const SECURITY = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security', 'x-request-id'];
/** How many times the answer carries header `name` (Node joins repeated headers into one value; this counts them). */
const times = (answer: Answer, name: string) => answer.rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === name).length;
/** Each security header exactly once: the app's where it set one, else the proxy's. */
function expectSecurityOnce(answer: Answer, what: string) {
  for (const h of SECURITY) expect(times(answer, h), `${h} on ${what}`).toBe(1);
}

test('a public page comes through compressed with Brotli, with the headers the app sent, and is then served from the cache', async () => {
  // The first answer may come from the app or the cache; the ones after it within s-maxage from the cache.
  await raw('GET', '/th/faq', BROWSER);
  const cached = await raw('GET', '/th/faq', BROWSER);
  expect(cached.status).toBe(200);
  expect(cached.headers['x-cache']).toMatch(/^(HIT|STALE|UPDATING)$/);
  expect(cached.headers['content-encoding']).toBe('br');
  const html = zlib.brotliDecompressSync(cached.body).toString('utf8');
  expect(html).toContain('lang="th"');
  // The app's own Cache-Control, passed on: a shared cache may keep it 10 s and serve it 30 s more while renewing.
  expect(cached.headers['cache-control']).toBe('s-maxage=10, stale-while-revalidate=30');
  expectSecurityOnce(cached, 'a kept page');
  // One policy, the page's own: the hashes of this document's inline scripts, no 'unsafe-inline'.
  const csp = String(cached.headers['content-security-policy']);
  expect(csp).not.toContain(',');
  expect(scriptSrc(csp)).not.toContain("'unsafe-inline'");
  expect(scriptSrc(csp)).toMatch(/'sha256-/);
  // Next's own bookkeeping (the rewritten path, the state of its cache) stays behind the proxy.
  for (const h of ['x-middleware-rewrite', 'x-nextjs-cache', 'x-nextjs-prerender', 'x-nextjs-stale-time']) expect(cached.headers[h], h).toBeUndefined();

  // A client that asks only for gzip gets gzip, the same document.
  const gzip = await raw('GET', '/th/faq', { ...BROWSER, 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.body).toString('utf8')).toContain('lang="th"');
});

test('a browser asking again with the ETag it got is answered 304 by the proxy, without the document', async () => {
  // The tag is the one the app's page cache made when the page was generated (next.config.ts `generateEtags`).
  await raw('GET', '/th/faq', BROWSER);
  const cached = await raw('GET', '/th/faq', BROWSER);
  const etag = String(cached.headers.etag ?? '');
  expect(etag).toMatch(/"[\w-]{27}"$/);
  const again = await raw('GET', '/th/faq', { ...BROWSER, 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
  // Another tag (a page the browser got before a change) gets the whole page.
  const other = await raw('GET', '/th/faq', { ...BROWSER, 'if-none-match': '"an-older-render-of-this-page"' });
  expect(other.status).toBe(200);
  expect(zlib.brotliDecompressSync(other.body).toString('utf8')).toContain('lang="th"');
});

test("the build's scripts are served from disk, precompressed, immutable", async () => {
  const html = zlib.brotliDecompressSync((await raw('GET', '/', BROWSER)).body).toString('utf8');
  const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1];
  const res = await raw('GET', script, BROWSER);
  expect(res.status).toBe(200);
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.headers['cache-control']).toContain('immutable');
  const onDisk = fs.readFileSync(path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', script.replace('/_next/', '')));
  expect(zlib.brotliDecompressSync(res.body).equals(onDisk)).toBe(true);
});

test('every page starts with scripts a phone compiles while they download, from the proxy and from the app alike', async () => {
  // scripts/compile-hints.mjs, run by the build: the start-up scripts every page runs (the build manifest's
  // rootMainFiles) begin with V8's compile hint; a script only some pages load does not.
  const dist = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next');
  const roots = (JSON.parse(fs.readFileSync(path.join(dist, 'build-manifest.json'), 'utf8')).rootMainFiles as string[]).map((f) => `/_next/${f}`);
  expect(roots.length).toBeGreaterThanOrEqual(3);
  for (const page of ['/', '/th/faq', '/ru/booking-v2']) {
    const html = zlib.brotliDecompressSync((await raw('GET', page, BROWSER)).body).toString('utf8');
    const scripts = [...html.matchAll(/<script src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts, page).toEqual(expect.arrayContaining(roots));
    for (const script of scripts) {
      for (const port of [PROXY_PORT, APP_PORT]) {
        const res = await raw('GET', script, BROWSER, undefined, port);
        const body = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.body) : res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.body) : res.body;
        expect(body.toString('utf8').startsWith('//# allFunctionsCalledOnLoad\n'), `${script} on ${page}, port ${port}`).toBe(roots.includes(script));
      }
    }
  }
});

test('what carries customer data or a cookie is never kept', async () => {
  for (let i = 0; i < 2; i++) {
    const res = await raw('GET', '/checkout?unit=m&term=6m', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers['x-cache'] ?? 'MISS').not.toBe('HIT');
    expect(String(res.headers['cache-control'])).toMatch(/private|no-store|no-cache/);
    // Its nonce differs every time: rendered per request.
    expect(scriptSrc(String(res.headers['content-security-policy']))).toMatch(/'nonce-/);
  }
  const first = await raw('GET', '/checkout?unit=m&term=6m', BROWSER);
  const second = await raw('GET', '/checkout?unit=m&term=6m', BROWSER);
  expect(first.headers['content-security-policy']).not.toBe(second.headers['content-security-policy']);
});

test('a quote the same for everyone is kept; one with a promo code never', async () => {
  const query = `/api/quote?unit=m&term=6m&insurance=0&customer=individual&payment=card&supplies=tape:${1 + Math.floor(Math.random() * 90)}`;
  const first = await raw('GET', query, BROWSER);
  expect(first.status).toBe(200);
  expect(first.headers['cache-control']).toContain('s-maxage=10');
  expect((await raw('GET', query, BROWSER)).headers['x-cache']).toBe('HIT');
  const promo = `/api/quote?unit=m&term=6m&insurance=0&customer=individual&payment=card&promo=NOPE${Date.now()}`;
  await raw('GET', promo, BROWSER);
  expect((await raw('GET', promo, BROWSER)).headers['x-cache']).not.toBe('HIT');
});

test('bodies over their cap, unusual methods and malformed addresses are refused before the app, with the security headers', async () => {
  const answers = [
    // Over the 21 MB cap of deploy/nginx (two whole uploads of MAX_UPLOAD_MB, lib/uploads/limits.test.ts).
    [await raw('POST', '/api/payment-proofs', { 'content-length': String(22 * 1024 * 1024), 'content-type': 'multipart/form-data; boundary=x' }), 413],
    [await raw('POST', '/api/auth/callback/credentials', { 'content-type': 'application/x-www-form-urlencoded' }, `email=${'a'.repeat(20 * 1024)}`), 413],
    [await raw('TRACE', '/'), 405],
    [await raw('PUT', '/api/quote'), 405],
    [await raw('GET', '/%ZZ'), 400],
  ] as const;
  for (const [answer, status] of answers) {
    expect(answer.status, `${status}`).toBe(status);
    expectSecurityOnce(answer, String(status));
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  }
  expect(answers[2][0].headers.allow).toBe('GET, HEAD, POST, OPTIONS');
});

test('what the app answers without a header gets the proxy\'s, an uploaded file keeps its own policy alone, and a 502 has them all', async () => {
  // next.config.ts's redirects answer before its headers apply: the proxy adds the defaults, once, and keeps them.
  for (let i = 0; i < 2; i++) {
    const redirect = await raw('GET', '/booking', BROWSER);
    expect(redirect.status).toBe(308);
    expectSecurityOnce(redirect, 'a redirect');
    expect(redirect.headers['content-security-policy']).toContain("default-src 'none'");
  }
  // An uploaded file's route sends its own `sandbox` policy, and only that one reaches the browser.
  const file = await raw('GET', '/admin/proofs/not-there.png', BROWSER);
  expectSecurityOnce(file, 'an uploaded file');
  expect(file.headers['content-security-policy']).toContain('sandbox');
  // No app process answering: the proxy's own 502, with every header once.
  const orphan = await startProxy({ port: PROXY_PORT + 1, upstreams: ['127.0.0.1:9'], staticDir: path.join(ROOT, process.env.NEXT_DIST_DIR || '.next', 'static'), workers: '1' });
  try {
    const down = await raw('GET', '/th', BROWSER, undefined, PROXY_PORT + 1);
    expect(down.status).toBe(502);
    expectSecurityOnce(down, 'a 502');
    expect(down.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  } finally {
    await orphan.stop();
  }
});

test('one JSON access-log line per request: its id, method, path without the query, status, time; nothing about the visitor', async () => {
  const res = await raw('GET', '/api/quote?unit=&token=secret-in-query', { ...BROWSER, 'user-agent': 'Visitor-Agent/1.0' });
  expect(res.status).toBe(400);
  const id = String(res.headers['x-request-id']);
  await expect.poll(() => proxy.accessLog().filter((l) => l.includes(id)).length, { timeout: 5_000 }).toBe(1);
  const line = JSON.parse(proxy.accessLog().find((l) => l.includes(id))!);
  expect(line).toMatchObject({ reqId: id, method: 'GET', path: '/api/quote', status: 400 });
  expect(typeof line.ms).toBe('number');
  for (const secret of ['secret-in-query', 'Visitor-Agent', '127.0.0.1']) expect(JSON.stringify(line)).not.toContain(secret);
});

async function setListPrice(page: Page, code: string, baht: string) {
  await page.goto(`/admin/unit-types/${code}`);
  await page.getByLabel('List price per month (THB)').fill(baht);
  await page.getByRole('button', { name: 'Save unit type' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. The public site shows the change on the next page load.');
}

test("an admin's price change reaches visitors through the proxy's cache within its s-maxage", async ({ page }) => {
  test.setTimeout(120_000);
  const shows = async (text: string) => zlib.brotliDecompressSync((await raw('GET', '/booking-v2', BROWSER)).body).toString('utf8').includes(text);
  // The wizard's first page is in the proxy's cache.
  await raw('GET', '/booking-v2', BROWSER);
  expect((await raw('GET', '/booking-v2', BROWSER)).headers['x-cache']).toMatch(/^(HIT|STALE|UPDATING)$/);
  await signInStaff(page);
  try {
    await setListPrice(page, 'xxl', '12346');
    const saved = Date.now();
    await expect.poll(() => shows('12,346'), { timeout: 45_000, intervals: [500] }).toBe(true);
    // s-maxage (10 s), then one request renews the copy while the others still get it: well inside a minute.
    expect(Date.now() - saved).toBeLessThan(30_000);
  } finally {
    await setListPrice(page, 'xxl', '12000');
  }
});
