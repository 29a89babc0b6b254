import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticBrotli, staticFileFor } from './static-brotli.mjs';

/**
 * The build's script and style files go to a browser that accepts Brotli as Brotli (smaller than Next's gzip), made
 * once per file; anything else, and a file whose copy is not ready yet, is left to Next.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-br-'));
const staticDir = path.join(dir, 'static');
fs.mkdirSync(path.join(staticDir, 'chunks'), { recursive: true });
const script = Buffer.from(`(function(){${'var aLongishName = "some script text that repeats";'.repeat(400)}})();`);
fs.writeFileSync(path.join(staticDir, 'chunks', 'app.js'), script);
fs.writeFileSync(path.join(staticDir, 'chunks', 'app.css'), 'body{color:red}'.repeat(100));
fs.writeFileSync(path.join(staticDir, 'chunks', 'font.woff2'), 'not compressed again');
fs.writeFileSync(path.join(dir, 'secret.js'), 'outside the folder');

let server: http.Server;
let port: number;
let leftToNext = 0;
const brotli = createStaticBrotli({ staticDir, quality: 5 });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (brotli.serve(req, res)) return;
    leftToNext++;
    res.writeHead(200, { 'content-type': 'text/plain', 'x-by': 'next' });
    res.end('next');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, path: urlPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('static files in Brotli', () => {
  it('leaves the first request to Next, then answers the same script as Brotli, smaller and cached for good', async () => {
    const first = await get('/_next/static/chunks/app.js', BROWSER);
    expect(first.headers['x-by']).toBe('next');
    await brotli.settled();
    const second = await get('/_next/static/chunks/app.js', BROWSER);
    expect(second.status).toBe(200);
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(second.headers.vary).toBe('Accept-Encoding');
    expect(Number(second.headers['content-length'])).toBe(second.body.length);
    expect(second.body.length).toBeLessThan(zlib.gzipSync(script).length);
    expect(zlib.brotliDecompressSync(second.body).equals(script)).toBe(true);
  });

  it('answers a revalidation with 304 and a HEAD without a body', async () => {
    const { headers } = await get('/_next/static/chunks/app.js', BROWSER);
    const again = await get('/_next/static/chunks/app.js', { ...BROWSER, 'if-none-match': String(headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/_next/static/chunks/app.js', BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('leaves to Next a browser without Brotli, a range request, other file types and other paths', async () => {
    const before = leftToNext;
    expect((await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' })).headers['x-by']).toBe('next');
    expect((await get('/_next/static/chunks/app.js', { ...BROWSER, range: 'bytes=0-10' })).headers['x-by']).toBe('next');
    expect((await get('/_next/static/chunks/font.woff2', BROWSER)).headers['x-by']).toBe('next');
    expect((await get('/chunks/app.js', BROWSER)).headers['x-by']).toBe('next');
    expect((await get('/_next/static/chunks/app.js', BROWSER, 'POST')).headers['x-by']).toBe('next');
    expect(leftToNext).toBe(before + 5);
  });

  it('never reads outside the static folder', async () => {
    expect(staticFileFor(staticDir, '/_next/static/../secret.js')).toBeNull();
    expect(staticFileFor(staticDir, '/_next/static/%2e%2e/secret.js')).toBeNull();
    expect(staticFileFor(staticDir, '/_next/static/chunks/%E0%A4%A.js')).toBeNull();
    expect(staticFileFor(staticDir, '/_next/static/chunks/app.js')).toBe(path.join(staticDir, 'chunks', 'app.js'));
    const res = await get('/_next/static/%2e%2e/secret.js', BROWSER);
    await brotli.settled();
    expect((await get('/_next/static/%2e%2e/secret.js', BROWSER)).body.toString()).toBe('next');
    expect(res.body.toString()).toBe('next');
  });

  it('holds nothing for names that are not files of the build', async () => {
    const held = brotli.held();
    await Promise.all(Array.from({ length: 50 }, (_, i) => get(`/_next/static/chunks/made-up-${i}.js`, BROWSER)));
    await brotli.settled();
    expect(brotli.held()).toBe(held);
  });

  it('warms every script and style file at start, so the first visitor gets Brotli too', async () => {
    const fresh = createStaticBrotli({ staticDir, quality: 5 });
    fresh.warm();
    await fresh.settled();
    expect(fresh.held()).toBe(2);
  });
});
