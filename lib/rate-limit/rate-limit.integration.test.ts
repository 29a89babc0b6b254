import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, postgresTestUrl } from '@/test/db';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { consumeRateLimit, purgeExpiredRateLimits, RATE_LIMITS, resetRateLimit } from './index';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await openTestDb()));
afterAll(() => close());

describe('rate limits on the database store', () => {
  it('allows the allowance, then refuses with the seconds to wait', async () => {
    const { points, duration } = RATE_LIMITS.waitingListJoin;
    for (let i = 0; i < points; i++) expect((await consumeRateLimit(db, 'waitingListJoin', '203.0.113.9')).ok).toBe(true);
    const refused = await consumeRateLimit(db, 'waitingListJoin', '203.0.113.9');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThan(duration - 60);
    // Another address has its own allowance.
    expect((await consumeRateLimit(db, 'waitingListJoin', '203.0.113.10')).ok).toBe(true);
  });

  it('keeps no address in clear and forgets a key on reset', async () => {
    await consumeRateLimit(db, 'magicLink', 'Staff@Example.com');
    const rows = await db.rateLimiterFlexible.findMany();
    expect(rows.every((r) => !r.key.includes('example') && !r.key.includes('203.0.113'))).toBe(true);
    await resetRateLimit(db, 'magicLink', 'staff@example.com');
    for (let i = 0; i < RATE_LIMITS.magicLink.points; i++) expect((await consumeRateLimit(db, 'magicLink', 'staff@example.com')).ok).toBe(true);
  });

  it('purges counters that expired over an hour ago', async () => {
    await db.rateLimiterFlexible.create({ data: { key: 'rl:old:x', points: 3, expire: new Date(Date.now() - 2 * 3600_000) } });
    expect((await purgeExpiredRateLimits(db, new Date(Date.now() - 3600_000))).deleted).toBeGreaterThanOrEqual(1);
    expect(await db.rateLimiterFlexible.findUnique({ where: { key: 'rl:old:x' } })).toBeNull();
  });
});

describe.runIf(postgresTestUrl())('rate limits on PostgreSQL under concurrency', () => {
  it('never lets more than the allowance through, whatever the interleaving', async () => {
    const { db: pg, close: closePg } = createPrismaClient({ kind: 'postgres', url: postgresTestUrl()! });
    try {
      const key = `198.51.100.${Math.floor(Math.random() * 250)}`;
      const results = await Promise.all(Array.from({ length: 40 }, () => consumeRateLimit(pg, 'promoCheck', key)));
      expect(results.filter((r) => r.ok)).toHaveLength(RATE_LIMITS.promoCheck.points);
    } finally {
      await closePg();
    }
  });
});
