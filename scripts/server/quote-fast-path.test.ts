import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answerQuote, NEXT_ROUTE_HEADERS, quoteFastPathFor } from './quote-fast-path.mjs';

/**
 * Which requests the production server answers with the app's quote function, and which it leaves to Next
 * (scripts/server/quote-fast-path.mjs). The function here stands in for lib/cache/quote-answer.ts's; that the two
 * answers agree is lib/cache/quote-answer.integration.test.ts.
 */
const KEY = Symbol.for('pss.quoteFastPath');
const registry = globalThis as Record<symbol, unknown>;
let server: http.Server;
let port: number;
const seen: URLSearchParams[] = [];

function fakeQuote(params: URLSearchParams) {
  seen.push(params);
  if (params.has('promo')) return null;
  if (params.get('unit') === 'fail') return Promise.reject(new Error('database away'));
  return Promise.resolve({ status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=0, s-maxage=10' }, body: JSON.stringify({ unit: params.get('unit') }) });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const quote = quoteFastPathFor(req);
    const next = () => {
      res.writeHead(200, { 'x-answered-by': 'next' });
      res.end('next');
    };
    void (quote ? answerQuote(req, res, quote).then((answered) => answered || next()) : Promise.resolve(next()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  delete registry[KEY];
  seen.length = 0;
});

function request(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('quote fast path', () => {
  it('answers GET /api/quote with the registered function: its status, headers and body, with a length and Next’s Vary', async () => {
    registry[KEY] = fakeQuote;
    const answer = await request('GET', '/api/quote?unit=m&term=6m');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ unit: 'm' });
    expect(answer.headers['x-answered-by']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
    expect(answer.headers.vary).toBe(NEXT_ROUTE_HEADERS.Vary);
  });

  it('answers HEAD with the same headers and no body', async () => {
    registry[KEY] = fakeQuote;
    const answer = await request('HEAD', '/api/quote?unit=m');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('');
    expect(answer.headers['content-length']).toBe(String(JSON.stringify({ unit: 'm' }).length));
  });

  it('reads the query as Next does for the route (repeated keys, + and percent escapes)', async () => {
    registry[KEY] = fakeQuote;
    await request('GET', '/api/quote?unit=a+b&unit=%C3%A9&supplies=lock:1,box_medium:2');
    expect(seen[0].getAll('unit')).toEqual(['a b', 'é']);
    expect(seen[0].get('supplies')).toBe('lock:1,box_medium:2');
  });

  it.each([
    ['POST', '/api/quote?unit=m'],
    ['OPTIONS', '/api/quote?unit=m'],
    ['GET', '/api/quote/?unit=m'],
    ['GET', '/api/quotes?unit=m'],
    ['GET', '/api/%71uote?unit=m'],
    ['GET', '//api/quote?unit=m'],
    ['GET', '/th/api/quote?unit=m'],
  ])('leaves %s %s to Next', async (method, path) => {
    registry[KEY] = fakeQuote;
    const answer = await request(method, path);
    expect(answer.headers['x-answered-by']).toBe('next');
    expect(seen).toHaveLength(0);
  });

  it('leaves to Next what the function declines (a promo code) and what it fails to answer, having written nothing', async () => {
    registry[KEY] = fakeQuote;
    for (const path of ['/api/quote?unit=m&promo=WELCOME10', '/api/quote?unit=fail']) {
      const answer = await request('GET', path);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe('next');
      expect(answer.headers['cache-control']).toBeUndefined();
    }
    expect(seen).toHaveLength(2);
  });

  it('leaves everything to Next while the app has registered nothing', async () => {
    expect((await request('GET', '/api/quote?unit=m')).body).toBe('next');
  });
});
