import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * next-auth's own endpoints as a visitor reaches them through a server behind a proxy, which sees its internal
 * address (http://localhost:3000) while the site is SITE_URL (fourth pass, finding 11): every redirect next-auth
 * answers with names SITE_URL, and a crafted callbackUrl is refused quietly, with no error-level log line.
 */
vi.mock('@/lib/db', async () => {
  const { openTestDb } = await import('@/test/db');
  return { db: (await openTestDb()).db };
});
vi.mock('next/headers', () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false, set: () => undefined, delete: () => undefined }) }));

const { resetEnvForTests, setEnvForTests } = await import('@/lib/env');
const { log } = await import('@/lib/log');
const route = await import('@/app/api/auth/[...nextauth]/route');

const SITE = 'https://storage.example.test';
const INTERNAL = 'http://localhost:3000';
const errors = vi.spyOn(log, 'error');

beforeAll(() => setEnvForTests({ SITE_URL: SITE, AUTH_SECRET: 'route-test-secret-that-is-long-enough-0123456789' }));
afterAll(() => resetEnvForTests());

const get = (path: string, cookie?: string) => route.GET(new NextRequest(`${INTERNAL}${path}`, { headers: { host: 'localhost:3000', ...(cookie ? { cookie } : {}) } }));

async function csrf(): Promise<{ token: string; cookie: string }> {
  const res = await get('/api/auth/csrf');
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { token: csrfToken, cookie };
}

function post(path: string, form: Record<string, string>, cookie: string) {
  return route.POST(
    new NextRequest(`${INTERNAL}${path}`, {
      method: 'POST',
      headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams(form).toString(),
    }),
  );
}

describe("next-auth's endpoints name SITE_URL and refuse bad callback addresses quietly (fourth pass, finding 11)", () => {
  it("its redirects name SITE_URL, not the server's internal address", async () => {
    // The sign-in page's address is a path (the visitor's own host), and the address it leads back to is SITE_URL's.
    const signInPage = await get('/api/auth/signin');
    expect(signInPage.status).toBeGreaterThanOrEqual(300);
    const location = new URL(signInPage.headers.get('location')!, SITE);
    expect(location.href).toMatch(new RegExp(`^${SITE}/admin/sign-in\\?`));
    expect(location.searchParams.get('callbackUrl')).toMatch(new RegExp(`^${SITE}(/|$)`));
    expect(signInPage.headers.get('location')).not.toContain('localhost');

    // A refused sign-in through the credentials endpoint goes back to the sign-in page, at SITE_URL.
    const { token, cookie } = await csrf();
    const refused = await post('/api/auth/callback/credentials', { csrfToken: token, email: 'nobody@example.test', password: 'wrong-password' }, cookie);
    expect(refused.headers.get('location')).toMatch(new RegExp(`^${SITE}/admin/sign-in\\?`));

    // An outside address as callbackUrl leads to the site, never away from it.
    const away = await get(`/api/auth/signin?callbackUrl=${encodeURIComponent('https://evil.example/x')}`);
    expect(away.headers.get('location')).not.toContain('evil.example');
    expect(new URL(away.headers.get('location')!, SITE).searchParams.get('callbackUrl')).toBe(`${SITE}/admin`);
  });

  it('a crafted callbackUrl (query, form or cookie) is refused quietly: a redirect to the sign-in page, no error logged', async () => {
    errors.mockClear();
    for (const bad of ['javascript:alert(1)', 'foo', 'data:text/html,<script>alert(1)</script>', '%']) {
      const res = await get(`/api/auth/signin?callbackUrl=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${SITE}/admin/sign-in`);
    }
    const viaCookie = await get('/api/auth/session', 'authjs.callback-url=javascript%3Aalert(1)');
    expect(viaCookie.status).toBe(303);
    expect(viaCookie.headers.get('set-cookie')).toMatch(/authjs\.callback-url=;.*Max-Age=0/);

    const { token, cookie } = await csrf();
    const viaForm = await post('/api/auth/callback/credentials', { csrfToken: token, email: 'nobody@example.test', password: 'x', callbackUrl: 'javascript:alert(1)' }, cookie);
    expect(viaForm.status).toBe(303);
    expect(viaForm.headers.get('location')).toBe(`${SITE}/admin/sign-in`);
    expect(errors).not.toHaveBeenCalled();
  });
});
