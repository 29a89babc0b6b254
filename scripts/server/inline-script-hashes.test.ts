import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashInlineScripts, inlineScriptHashes, INLINE_HASHES_PLACEHOLDER } from './inline-script-hashes.mjs';
import { createResponseCache } from './response-cache.mjs';
import { contentSecurityPolicy, INLINE_HASHES_PLACEHOLDER as CSP_PLACEHOLDER } from '@/lib/security/csp';

/**
 * The wizard's cached shell runs inline scripts only when the policy it is sent with lists their hashes: the server
 * fills them in from the very bytes it sends, gzip or not, and the response cache replays them together.
 */
const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s, 'utf8').digest('base64')}'`;
const POLICY = contentSecurityPolicy('hashed', { production: true, gtm: false, checkoutOrigin: 'https://checkout.stripe.com' });
const SCRIPTS = ['self.__next_f.push([1,"สวัสดี Привет"])', 'self.__next_f.push([2,"</p>"])'];
const HTML = `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body><p>x</p><script>${SCRIPTS[0]}</script><script id="n">${SCRIPTS[1]}</script></body></html>`;

let server: http.Server;
let port: number;
const cache = createResponseCache({ ttlMs: 10_000 });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (cache.serve(req, res, {})) return;
    cache.record(req, res);
    hashInlineScripts(res);
    const hashed = !req.url!.startsWith('/plain');
    if (!hashed) {
      // A wrapper installed after this step, as Next's compression is: it must stay in the path.
      const [write, end] = [res.write, res.end];
      const mark = (c: unknown) => (Buffer.isBuffer(c) ? Buffer.from(c.toString('latin1').replace(/<p>/g, '<p data-later>'), 'latin1') : c);
      res.write = function (this: http.ServerResponse, c: unknown, ...rest: unknown[]) {
        return (write as (...a: unknown[]) => boolean).call(this, mark(c), ...rest);
      } as typeof res.write;
      res.end = function (this: http.ServerResponse, c: unknown, ...rest: unknown[]) {
        return (end as (...a: unknown[]) => http.ServerResponse).call(this, mark(c), ...rest);
      } as typeof res.end;
    }
    res.setHeader('Content-Security-Policy', hashed ? POLICY : "script-src 'self'");
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 's-maxage=20');
    res.setHeader('x-nextjs-cache', 'MISS');
    const gzip = hashed && /gzip/.test(req.headers['accept-encoding'] ?? '');
    // Written in pieces, as Next streams a page.
    const body = gzip ? zlib.gzipSync(HTML) : Buffer.from(HTML);
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.writeHead(200);
    res.write(body.subarray(0, 40));
    setTimeout(() => {
      res.write(body.subarray(40, 90));
      res.end(body.subarray(90));
    }, 5);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function get(path: string, gzip: boolean): Promise<{ headers: http.IncomingHttpHeaders; html: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, path, headers: gzip ? { 'accept-encoding': 'gzip' } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ headers: res.headers, html: (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

const scriptSrc = (csp: string) => csp.split(';').find((d) => d.trim().startsWith('script-src'))!.trim();

describe('inline script hashes', () => {
  it('uses the placeholder the page policy carries, and that policy has no unsafe-inline', () => {
    expect(CSP_PLACEHOLDER).toBe(INLINE_HASHES_PLACEHOLDER);
    expect(scriptSrc(POLICY)).toBe(`script-src 'self' ${INLINE_HASHES_PLACEHOLDER}`);
  });

  it('hashes inline scripts only, each once', () => {
    expect(inlineScriptHashes(HTML + `<script>${SCRIPTS[0]}</script>`)).toEqual(SCRIPTS.map(sha));
  });

  for (const gzip of [true, false]) {
    it(`lists exactly the hashes of the document it sends (${gzip ? 'gzip' : 'identity'}), and the replay carries the same`, async () => {
      const first = await get(`/wizard-${gzip}`, gzip);
      expect(first.html).toBe(HTML);
      const src = scriptSrc(String(first.headers['content-security-policy']));
      expect(src).toBe(`script-src 'self' ${SCRIPTS.map(sha).join(' ')}`);
      expect(Number(first.headers['content-length'])).toBeGreaterThan(0);
      const again = await get(`/wizard-${gzip}`, gzip);
      expect(again.headers['x-response-cache']).toBe('HIT');
      expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      expect(again.html).toBe(HTML);
    });
  }

  it('leaves any other policy and response alone', async () => {
    const res = await get('/plain', true);
    expect(res.headers['content-security-policy']).toBe("script-src 'self'");
    expect(res.html).toBe(HTML.replace('<p>', '<p data-later>'));
  });
});
