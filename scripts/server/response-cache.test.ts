import http from 'node:http';
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
