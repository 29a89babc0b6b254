import http from 'node:http';
import net from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerQuote, quoteFastPathFor } from '@/scripts/server/quote-fast-path.mjs';

/**
 * GET /api/quote is answered two ways in production: by Next's route (app/api/quote/route.ts) and, without Next's
 * router, by the server's fast path with the function the app registers (scripts/server/quote-fast-path.mjs, README
 * "Performance"). A visitor must not tell them apart: same status, body and headers; and a promo code, which costs an
 * attempt of the visitor's address, must still reach the route and its rate limit.
 */
const testDb = vi.hoisted(() => ({ close: async () => {} }));
vi.mock('@/lib/db', async () => {
  const { openTestDb } = await import('@/test/db');
  const opened = openTestDb();
  testDb.close = opened.close;
  return { db: opened.db };
});

const { GET } = await import('@/app/api/quote/route');
const { registerQuoteFastPath } = await import('@/lib/cache/quote-answer');

let server: http.Server;
let port: number;
const answeredByRoute: string[] = [];

/** The route as Next calls it, for a request the fast path left to Next. */
async function viaRoute(req: http.IncomingMessage, res: http.ServerResponse) {
  answeredByRoute.push(req.url!);
  const response = await GET(new NextRequest(`http://localhost${req.url}`, { headers: { 'x-client-ip': req.socket.remoteAddress ?? 'unknown' } }));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

beforeAll(async () => {
  registerQuoteFastPath();
  // The order of scripts/server.mjs: the fast path when it applies, Next when it declines.
  server = http.createServer((req, res) => {
    const quote = quoteFastPathFor(req);
    void (quote ? answerQuote(req, res, quote).then((answered) => (answered ? undefined : viaRoute(req, res))) : viaRoute(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('pss.quoteFastPath')];
  await new Promise<void>((r) => server.close(() => r()));
  await testDb.close();
});

const QUERIES = {
  valid: 'unit=l&term=12m&insurance=0&customer=business&payment=bank_transfer&supplies=lock:1,box_medium:2',
  badTerm: 'unit=m&term=5m&insurance=300&customer=individual&payment=card',
  unknownUnit: 'unit=zz&term=6m&insurance=0&customer=individual&payment=card',
  twice: 'unit=m&unit=s&term=6m&insurance=0&customer=individual&payment=card',
};

describe('GET /api/quote: the fast path answers as the route does', () => {
  it.each(Object.entries(QUERIES))('%s: same status, body, content type and caching', async (_name, query) => {
    const before = answeredByRoute.length;
    const fast = await fetch(`http://127.0.0.1:${port}/api/quote?${query}`);
    expect(answeredByRoute.length, 'answered without the route').toBe(before);
    const route = await GET(new NextRequest(`http://localhost/api/quote?${query}`));
    expect(fast.status).toBe(route.status);
    expect(await fast.text()).toBe(await route.text());
    for (const h of ['content-type', 'cache-control']) expect(fast.headers.get(h), h).toBe(route.headers.get(h));
  });

  it('keeps the answers apart: a shareable 200, refusals never kept', async () => {
    const valid = await fetch(`http://127.0.0.1:${port}/api/quote?${QUERIES.valid}`);
    expect(valid.status).toBe(200);
    expect(valid.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
    expect(await valid.json()).toMatchObject({ currency: 'THB', unit: 'l', totalDueToday: expect.any(Number) });
    const refused = await fetch(`http://127.0.0.1:${port}/api/quote?${QUERIES.badTerm}`);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toEqual({ error: 'invalid_parameter', parameter: 'term', message: 'term must be one of m2m, 3m, 6m, 12m' });
  });

  it('leaves a promo code to the route, whose rate limit still counts the attempts', async () => {
    const promo = (i: number) => fetch(`http://127.0.0.1:${port}/api/quote?unit=m&term=6m&insurance=0&customer=individual&payment=card&promo=GUESS${i}`);
    const first = await promo(0);
    expect(first.status).toBe(400);
    expect(await first.json()).toEqual({ error: 'invalid_promo', parameter: 'promo', reason: 'not_valid', message: 'This promo code is not valid' });
    expect(answeredByRoute.at(-1)).toContain('promo=GUESS0');
    // promoCheck allows 20 attempts per address in 10 minutes (docs/product-rules.md#holds).
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) statuses.push((await promo(i)).status);
    expect(statuses.slice(0, 19).every((s) => s === 400)).toBe(true);
    expect(statuses[19]).toBe(429);
  });
});
