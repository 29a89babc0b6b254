import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { postgresTestUrl } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { PublicData } from './public-data';
import { publishPublicDataChange, startPublicDataFeed, stopPublicDataFeed } from './change-feed';

/**
 * How a change on one server reaches the others (docs/product-rules.md#caching): through the database by default, or
 * through Redis when REDIS_URL is set. Each needs its server: TEST_DATABASE_URL, TEST_REDIS_URL (redis://127.0.0.1:6379).
 */
const pgUrl = postgresTestUrl();
const redisUrl = process.env.TEST_REDIS_URL;

afterEach(() => stopPublicDataFeed());
afterAll(() => resetEnvForTests());

/** Starts this server's feed, then publishes as another server would: what was heard, and how long it took. */
async function roundTrip(): Promise<{ heard: PublicData[][]; ms: number }> {
  const heard: PublicData[][] = [];
  await startPublicDataFeed((kinds) => heard.push(kinds));
  const started = Date.now();
  publishPublicDataChange(['catalogue', 'settings']);
  await expect.poll(() => heard.length, { timeout: 5_000, interval: 50 }).toBeGreaterThan(0);
  return { heard, ms: Date.now() - started };
}

describe.skipIf(!pgUrl)('through PostgreSQL', () => {
  it('another server hears which kinds changed within a second', async () => {
    setEnvForTests({ DATABASE_URL: pgUrl!, REDIS_URL: undefined, PUBLIC_DATA_POLL_MS: '200' });
    const { heard, ms } = await roundTrip();
    // What another file's work left queued in this worker's database may arrive in the same poll.
    expect(heard.flat()).toEqual(expect.arrayContaining(['catalogue', 'settings']));
    expect(ms).toBeLessThan(1_500);
  });
});

describe.skipIf(!redisUrl)('through Redis', () => {
  it('another server hears which kinds changed', async () => {
    setEnvForTests({ REDIS_URL: redisUrl! });
    expect((await roundTrip()).heard).toEqual([['catalogue', 'settings']]);
  });

  it('a change published while the connection is still being made is heard too', async () => {
    setEnvForTests({ REDIS_URL: redisUrl! });
    const heard: PublicData[][] = [];
    await startPublicDataFeed((kinds) => heard.push(kinds));
    // Another spelling of the same server: the next publish gets a client of its own, still connecting when it is sent.
    const other = new URL(redisUrl!);
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    setEnvForTests({ REDIS_URL: other.toString() });
    publishPublicDataChange(['availability']);
    await expect.poll(() => heard, { timeout: 5_000, interval: 50 }).toEqual([['availability']]);
  });
});
