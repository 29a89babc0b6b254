import { NextRequest, NextResponse } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { DEVICE_COOKIE } from './device-cookie';

// next-intl passes the request's headers on to the page, as its middleware does (its ESM build does not load here).
vi.mock('next-intl/middleware', () => ({ default: () => (req: NextRequest) => NextResponse.next({ request: { headers: new Headers(req.headers) } }) }));
const { default: proxy } = await import('@/proxy');

const action = (path: string, cookie?: string) =>
  proxy(new NextRequest(`http://localhost${path}`, { method: 'POST', headers: { 'next-action': 'abc', ...(cookie ? { cookie } : {}) } }));
/** The device id the page's action will read, and the one the browser is told to keep. */
const forwarded = (res: NextResponse) => res.headers.get('x-middleware-request-cookie')?.match(new RegExp(`${DEVICE_COOKIE}=([^;]+)`))?.[1];
const kept = (res: NextResponse) => res.cookies.get(DEVICE_COOKIE);

afterEach(() => resetEnvForTests());

describe('proxy.ts: the device cookie comes with the first server action (docs/product-rules.md#holds)', () => {
  it('gives a browser without one the same id in the request the action reads and in the answer, in every language', () => {
    setEnvForTests({ NODE_ENV: 'production', SITE_URL: 'https://example.com' });
    for (const path of ['/booking-v2', '/th/booking-v2', '/ru/booking-v2']) {
      const res = action(path);
      const id = forwarded(res);
      expect(id, path).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(kept(res), path).toMatchObject({ value: id, httpOnly: true, sameSite: 'lax', path: '/', maxAge: 365 * 24 * 60 * 60, secure: true });
    }
    expect(forwarded(action('/booking-v2'))).not.toBe(forwarded(action('/booking-v2')));
  });

  it('keeps the one a browser has, replaces a malformed one, and keeps the other cookies', () => {
    const id = 'a'.repeat(24);
    expect(kept(action('/booking-v2', `NEXT_LOCALE=th; ${DEVICE_COOKIE}=${id}`))).toBeUndefined();
    const res = action('/booking-v2', `NEXT_LOCALE=th; ${DEVICE_COOKIE}=x`);
    expect(kept(res)?.value).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(res.headers.get('x-middleware-request-cookie')).toContain('NEXT_LOCALE=th');
  });

  it('sets none on a page visit or a staff action', () => {
    expect(kept(proxy(new NextRequest('http://localhost/booking-v2')))).toBeUndefined();
    expect(kept(action('/admin/bookings'))).toBeUndefined();
  });
});
