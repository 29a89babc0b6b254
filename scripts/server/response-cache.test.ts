import http from 'node:http';
import zlib from 'node:zlib';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseCache, GRACE_MS } from './response-cache.mjs';

/**
 * When a replayed page lapses, one request renders its successor and the others get the lapsed copy meanwhile: the
 * connections waiting at that moment must not all render the same page (the bench's home page did twenty at once).
 */
const TTL = 150;
let server: http.Server;
let port: number;
let renders = 0;
let version = 1;
const cache = createResponseCache({ ttlMs: TTL });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (cache.serve(req, res, {})) return;
    cache.record(req, res);
    renders++;
    const body = `page v${version}`;
    // A render that takes a while, as Next's does under load; long enough that all twenty requests arrive during it
    // even on a busy machine (at 60 ms, late arrivals were already answered the successor and the count was off).
    setTimeout(() => {
      res.setHeader('content-type', 'text/html');
      res.setHeader('cache-control', 's-maxage=20');
      res.setHeader('x-nextjs-cache', 'HIT');
      res.end(body);
    }, 400);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
function get(): Promise<{ body: string; state: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, path: '/', agent }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ body, state: res.headers['x-response-cache'] as string | undefined }));
      })
      .on('error', reject);
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('response cache: a lapsed copy is renewed once', () => {
  it('renders once for twenty waiting requests, answering the others from the lapsed copy', async () => {
    await get();
    expect(renders).toBe(1);
    await sleep(TTL + 20);
    version = 2;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get()));
    expect(renders).toBe(2);
    expect(answers.filter((a) => a.body === 'page v2')).toHaveLength(1);
    expect(answers.filter((a) => a.state === 'STALE' && a.body === 'page v1')).toHaveLength(19);
    // The successor is replayed from then on.
    expect(await get()).toEqual({ body: 'page v2', state: 'HIT' });
  });

  it('never bridges a purge: changed data is rendered again at once', async () => {
    await get();
    const before = renders;
    cache.purge();
    version = 3;
    expect((await get()).body).toBe('page v3');
    expect(renders).toBe(before + 1);
  });

  it('never answers a copy older than its time plus the grace', () => {
    expect(GRACE_MS).toBeLessThanOrEqual(5_000);
  });
});

describe('response cache: Brotli for browsers that accept it', () => {
  const page = `<!DOCTYPE html><html lang="th"><body>${'<p class="mx-auto max-w-6xl px-4">ห้องเก็บของภูเก็ต</p>'.repeat(300)}</body></html>`;
  let brServer: http.Server;
  let brPort: number;
  let nextRenders = 0;
  const brCache = createResponseCache({ ttlMs: 60_000 });

  beforeAll(async () => {
    // Answers as Next does: gzip when the request names gzip, a strong ETag, Vary on the encoding.
    brServer = http.createServer((req, res) => {
      if (brCache.serve(req, res, {})) return;
      brCache.record(req, res);
      nextRenders++;
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = gzip ? zlib.gzipSync(page) : Buffer.from(page);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 's-maxage=60');
      res.setHeader('x-nextjs-cache', 'HIT');
      res.setHeader('etag', '"abc123"');
      res.setHeader('vary', 'Accept-Encoding');
      if (gzip) res.setHeader('content-encoding', 'gzip');
      res.end(body);
    });
    await new Promise<void>((r) => brServer.listen(0, '127.0.0.1', r));
    brPort = (brServer.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => brServer.close(() => r())));

  function fetchPage(urlPath: string, acceptEncoding: string, extra: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ port: brPort, path: urlPath, headers: { 'accept-encoding': acceptEncoding, ...extra } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }
  const waitForBrotli = async (count: number) => {
    for (let i = 0; i < 200 && brCache.stats.brotli < count; i++) await sleep(5);
  };
  const BROWSER = 'gzip, deflate, br, zstd';

  it('replays a kept page as Brotli once its copy is made: smaller than the gzip one, the same page', async () => {
    const first = await fetchPage('/th', BROWSER);
    expect(first.headers['content-encoding']).toBe('gzip');
    await waitForBrotli(1);
    const replay = await fetchPage('/th', BROWSER);
    expect(replay.headers['content-encoding']).toBe('br');
    expect(replay.headers['x-response-cache']).toBe('HIT');
    expect(Number(replay.headers['content-length'])).toBe(replay.body.length);
    expect(replay.body.length).toBeLessThan(first.body.length);
    expect(zlib.brotliDecompressSync(replay.body).toString()).toBe(page);
    // Another byte sequence, so the ETag is the weak form; a revalidation with it is answered 304.
    expect(replay.headers.etag).toBe('W/"abc123"');
    expect((await fetchPage('/th', BROWSER, { 'if-none-match': 'W/"abc123"' })).status).toBe(304);
    expect(nextRenders).toBe(1);
  });

  it('keeps gzip for a browser that does not accept Brotli, and plain text for one that accepts neither', async () => {
    const gzip = await fetchPage('/ru', 'gzip');
    await sleep(50);
    const again = await fetchPage('/ru', 'gzip');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers.etag).toBe('"abc123"');
    expect(zlib.gunzipSync(again.body).toString()).toBe(page);
    expect(again.body.equals(gzip.body)).toBe(true);
    const plain = await fetchPage('/ru', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it('does not bring back a page purged while its Brotli copy was being made', async () => {
    const before = nextRenders;
    await fetchPage('/faq', BROWSER);
    brCache.purge();
    await sleep(50);
    const after = await fetchPage('/faq', BROWSER);
    expect(nextRenders).toBe(before + 2);
    expect(after.headers['x-response-cache']).toBeUndefined();
  });
});
