import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * GET /api/quote (app/api/quote/route.ts, an ordinary route handler): what it answers, what a shared cache may keep
 * (the same choices give the same answer to everyone until the catalogue changes; a promo code's answer never), and
 * the promo code's rate limit per address.
 */
const testDb = vi.hoisted(() => ({ close: async () => {} }));
vi.mock('@/lib/db', async () => {
  const { openTestDb } = await import('@/test/db');
  const opened = await openTestDb();
  testDb.close = opened.close;
  return { db: opened.db };
});

const { GET } = await import('@/app/api/quote/route');
afterAll(async () => {
  await testDb.close();
});

const get = (query: string, address = '203.0.113.7') => GET(new NextRequest(`http://localhost/api/quote?${query}`, { headers: { 'x-client-ip': address } }));

const QUERIES = {
  valid: 'unit=l&term=12m&insurance=0&customer=business&payment=bank_transfer&supplies=lock:1,box_medium:2',
  badTerm: 'unit=m&term=5m&insurance=300&customer=individual&payment=card',
};

describe('GET /api/quote', () => {
  it('a priced answer is shareable; a refusal is never kept', async () => {
    const valid = await get(QUERIES.valid);
    expect(valid.status).toBe(200);
    expect(valid.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
    expect(await valid.json()).toMatchObject({ currency: 'THB', unit: 'l', totalDueToday: expect.any(Number) });
    const refused = await get(QUERIES.badTerm);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toEqual({ error: 'invalid_parameter', parameter: 'term', message: 'term must be one of m2m, 3m, 6m, 12m' });
  });

  it('a promo code is never kept, and its attempts are counted per address', async () => {
    const promo = (i: number) => get(`unit=m&term=6m&insurance=0&customer=individual&payment=card&promo=GUESS${i}`, '203.0.113.99');
    const first = await promo(0);
    expect(first.status).toBe(400);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({ error: 'invalid_promo', parameter: 'promo', reason: 'not_valid', message: 'This promo code is not valid' });
    // promoCheck allows 20 attempts per address in 10 minutes (docs/product-rules.md#holds).
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) statuses.push((await promo(i)).status);
    expect(statuses.slice(0, 19).every((s) => s === 400)).toBe(true);
    expect(statuses[19]).toBe(429);
  });
});
