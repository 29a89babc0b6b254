import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * Next's page cache shared through Redis (REDIS_URL; docs/product-rules.md#caching): what one server stores, another
 * reads back whole (the RSC payload and the segment map included), and each still drops it by the changes it heard of.
 * Needs TEST_REDIS_URL (redis://127.0.0.1:6379).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `pss:test-pages:${crypto.randomBytes(4).toString('hex')}:`;
let raw: Redis | undefined;

afterAll(async () => {
  if (!raw) return;
  const keys = await raw.keys(`${prefix}*`);
  if (keys.length) await raw.del(...keys);
  raw.disconnect();
  vi.unstubAllEnvs();
});

describe.skipIf(!redisUrl)('the page cache in Redis', () => {
  it('keeps an entry every server reads back whole, with its policy, and drops it when public data changes', async () => {
    vi.stubEnv('REDIS_URL', redisUrl!);
    vi.stubEnv('PAGE_CACHE_PREFIX', prefix);
    const { default: PageCacheHandler } = await import('./page-cache-handler.mjs');
    const { markPagesChanged } = await import('./public-data');
    raw = new Redis(redisUrl!);
    const one = new PageCacheHandler({});
    const other = new PageCacheHandler({});
    const key = '/route-cache/APP_PAGE/abc/$/th/faq';
    const value = {
      kind: 'APP_PAGE',
      html: '<html><body><script>self.__next_f.push([1,"สวัสดี"])</script></body></html>',
      rscData: Buffer.from([0, 1, 2, 250]),
      headers: { 'x-next-cache-tags': '_N_T_/layout' },
      status: 200,
      postponed: undefined,
      segmentData: new Map([['/_tree', Buffer.from('tree')]]),
    };
    expect(await one.get(key, { kind: 'APP_PAGE' })).toBeNull();
    await one.set(key, value, { cacheControl: { revalidate: 10, expire: 40 } });

    // In Redis, under this deployment's namespace and the build's id.
    expect((await raw.keys(`${prefix}*`)).length).toBe(1);
    const read = await other.get(key, { kind: 'APP_PAGE' });
    expect(read.value.html).toBe(value.html);
    expect(Buffer.isBuffer(read.value.rscData) && read.value.rscData.equals(value.rscData)).toBe(true);
    expect((read.value.segmentData as Map<string, Buffer>).get('/_tree')!.toString()).toBe('tree');
    const hash = `'sha256-${crypto.createHash('sha256').update('self.__next_f.push([1,"สวัสดี"])', 'utf8').digest('base64')}'`;
    expect(read.value.headers['content-security-policy']).toContain(hash);

    await new Promise((r) => setTimeout(r, 5));
    markPagesChanged();
    expect(await other.get(key, { kind: 'APP_PAGE' })).toBeNull();
  });
});
