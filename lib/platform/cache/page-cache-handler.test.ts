import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PageCacheHandler from './page-cache-handler.mjs';
import { markPagesChanged } from './public-data';

/**
 * Next's page cache (lib/platform/cache/page-cache-handler.mjs) driven the way Next drives it: get before a render,
 * set after it, get for every visit (docs/product-rules.md#caching and #security-headers).
 */
const ROUTE = { kind: 'APP_PAGE' };
let n = 0;
const key = () => `/route-cache/APP_PAGE/test/${++n}`;

function page(html: string) {
  return { kind: 'APP_PAGE', html, rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': '_N_T_/layout,_N_T_/[locale]/faq/page' }, status: 200, postponed: undefined, segmentData: new Map([['/_tree', Buffer.from('tree')]]) };
}
const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s, 'utf8').digest('base64')}'`;
const cacheControl = { revalidate: 10, expire: 40 };

// The clock is Date only, moved by hand: a change "after" a render is a later millisecond, not a sleep.
// Each test starts an hour after the last one's clock (the tag times it left are module state).
let clock = Date.now();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime((clock += 3_600_000));
});
afterEach(() => vi.useRealTimers());
const later = (ms: number) => vi.setSystemTime((clock += ms));

describe('a page stored by Next', () => {
  it('carries the policy of its own inline scripts, in the very entry Next sends the first time', async () => {
    const handler = new PageCacheHandler({});
    const k = key();
    expect(await handler.get(k, ROUTE)).toBeNull();
    const html = `<html><head><script src="/_next/static/a.js" async></script><script>(self.__next_f=self.__next_f||[]).push([0])</script></head><body><script>self.__next_f.push([1,"hello"])</script><script>self.__next_f.push([1,"hello"])</script></body></html>`;
    const data = page(html);
    await handler.set(k, data, { cacheControl });
    const policy = (data.headers as Record<string, string>)['content-security-policy'];
    const script = policy.split('; ').find((d) => d.startsWith('script-src '))!;
    // Each inline script once, nothing else inline: no nonce, no 'unsafe-inline'.
    expect(script.split(' ').slice(1).sort()).toEqual(["'self'", sha('(self.__next_f=self.__next_f||[]).push([0])'), sha('self.__next_f.push([1,"hello"])'), ...(process.env.NODE_ENV === 'production' ? [] : ["'unsafe-eval'"])].sort());
    expect(policy).toContain("frame-ancestors");
    const stored = await handler.get(k, ROUTE);
    expect(stored.value.headers['content-security-policy']).toBe(policy);
    expect(stored.value.html).toBe(html);
  });

  it('carries an ETag made once when it is generated: the same page the same tag, a changed page a new one', async () => {
    const handler = new PageCacheHandler({});
    const store = async (k: string, html: string) => {
      await handler.get(k, ROUTE);
      await handler.set(k, page(html), { cacheControl });
      return (await handler.get(k, ROUTE)).value.headers.etag;
    };
    const first = await store(key(), '<p>same</p>');
    expect(first).toMatch(/^"[\w-]{27}"$/);
    expect(await store(key(), '<p>same</p>')).toBe(first);
    expect(await store(key(), '<p>changed</p>')).not.toBe(first);
    // The RSC payload a client navigation gets is part of the same render: a change there is a new tag too.
    const k = key();
    await handler.get(k, ROUTE);
    await handler.set(k, { ...page('<p>same</p>'), rscData: Buffer.from('other rsc') }, { cacheControl });
    expect((await handler.get(k, ROUTE)).value.headers.etag).not.toBe(first);
  });

  it('is served fresh until public data changes, then rendered again at the next visit, and the new one is fresh', async () => {
    const handler = new PageCacheHandler({});
    const k = key();
    await handler.get(k, ROUTE);
    await handler.set(k, page('<p>old</p>'), { cacheControl });
    const fresh = await handler.get(k, ROUTE);
    expect(fresh.value.html).toBe('<p>old</p>');
    expect(Date.now() - fresh.lastModified).toBeLessThan(10_000);

    later(5);
    markPagesChanged();
    // Not served: Next renders the page for this visit ("the public site shows the change on the next page load").
    expect(await handler.get(k, ROUTE)).toBeNull();

    await handler.set(k, page('<p>new</p>'), { cacheControl });
    const next = await handler.get(k, ROUTE);
    expect(next.value.html).toBe('<p>new</p>');
  });

  it('past its revalidation time without a change it is served while its successor renders', async () => {
    const handler = new PageCacheHandler({});
    const k = key();
    await handler.get(k, ROUTE);
    await handler.set(k, page('<p>kept</p>'), { cacheControl: { revalidate: 0.01, expire: 40 } });
    later(20);
    // Next sees it past `revalidate` (lastModified + revalidate < now) and serves it while rendering the next one.
    const lapsed = await handler.get(k, ROUTE);
    expect(lapsed.value.html).toBe('<p>kept</p>');
    later(5);
    markPagesChanged(); // a change while that render runs…
    await handler.set(k, page('<p>successor</p>'), { cacheControl });
    // …makes the successor stale at once: it was rendered from data read before the change.
    expect(await handler.get(k, ROUTE)).toBeNull();
  });

  it('a render that started before a change and was stored after it is stale at once', async () => {
    const handler = new PageCacheHandler({});
    const k = key();
    expect(await handler.get(k, ROUTE)).toBeNull(); // the render starts now…
    later(5);
    markPagesChanged(); // …the data changes while it runs…
    later(5);
    await handler.set(k, page('<p>read before the change</p>'), { cacheControl }); // …and it is stored after.
    expect(await handler.get(k, ROUTE)).toBeNull();
  });

  it("Next's revalidateTag reaches the entries carrying the tag", async () => {
    const handler = new PageCacheHandler({});
    const k = key();
    await handler.get(k, ROUTE);
    await handler.set(k, page('<p>x</p>'), { cacheControl });
    later(5);
    await handler.revalidateTag('_N_T_/[locale]/faq/page');
    expect(await handler.get(k, ROUTE)).toBeNull();
  });

  it('stores nothing while `next build` prerenders (the build reads no database)', async () => {
    vi.stubEnv('NEXT_PHASE', 'phase-production-build');
    try {
      const handler = new PageCacheHandler({});
      const k = key();
      await handler.set(k, page('<p>placeholder</p>'), { cacheControl });
      vi.stubEnv('NEXT_PHASE', '');
      expect(await handler.get(k, ROUTE)).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
