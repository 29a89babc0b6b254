import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { DEVICE_COOKIE } from '@/lib/security/device-cookie';
import { POST } from './route';

const open = (cookie?: string) => POST(new NextRequest('http://localhost/api/device', { method: 'POST', headers: cookie ? { cookie } : {} }));

afterEach(() => resetEnvForTests());

describe('POST /api/device: the device cookie, given when the wizard opens (docs/product-rules.md#holds)', () => {
  it('gives a browser without one a new random id: httpOnly, a year, secure over HTTPS, never kept by a cache', async () => {
    setEnvForTests({ NODE_ENV: 'production', SITE_URL: 'https://example.com' });
    const res = await open();
    expect(res.status).toBe(204);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookie = res.cookies.get(DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/', maxAge: 365 * 24 * 60 * 60, secure: true });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await open()).cookies.get(DEVICE_COOKIE)?.value).not.toBe(cookie?.value);
  });

  it('keeps the one a browser has and replaces a malformed one', async () => {
    expect((await open(`NEXT_LOCALE=th; ${DEVICE_COOKIE}=${'a'.repeat(24)}`)).cookies.get(DEVICE_COOKIE)).toBeUndefined();
    expect((await open(`${DEVICE_COOKIE}=x`)).cookies.get(DEVICE_COOKIE)?.value).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
