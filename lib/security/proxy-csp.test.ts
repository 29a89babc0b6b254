import { NextRequest, NextResponse } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';

// next-intl's locale handling is not under test here (and its ESM build does not load under vitest).
vi.mock('next-intl/middleware', () => ({ default: () => () => NextResponse.next() }));
const { default: proxy } = await import('@/proxy');

const policyOf = (path: string) => proxy(new NextRequest(`http://localhost${path}`)).headers.get('content-security-policy');

afterEach(() => resetEnvForTests());

describe("proxy.ts: page policies, and never one beside a route's own (docs/product-rules.md#security-headers)", () => {
  it('sets no policy on uploaded files: a staff slip and an identity document send their own sandbox policy (security, fourth pass, finding 6)', () => {
    setEnvForTests({ NODE_ENV: 'production' });
    expect(policyOf('/admin/proofs/abc123')).toBeNull();
    expect(policyOf('/admin/identity/abc123')).toBeNull();
    // Nor does it hand the route a nonce to render with.
    const res = proxy(new NextRequest('http://localhost/admin/identity/abc123'));
    expect(res.headers.get('x-middleware-request-content-security-policy')).toBeNull();
  });

  it('gives staff pages and the pages rendered per request a fresh nonce policy, never an unsafe-inline script', () => {
    setEnvForTests({ NODE_ENV: 'production' });
    for (const path of ['/admin/booking-review/abc123', '/booking-v2-success', '/th/checkout', '/faq/nothing-here', '/no-such-page']) {
      const script = policyOf(path)!.split('; ').find((d) => d.startsWith('script-src '))!;
      expect(script, path).toMatch(/^script-src 'nonce-[^']+' 'strict-dynamic'$/);
    }
    expect(policyOf('/admin')).not.toBe(policyOf('/admin'));
  });

  it("in production leaves the cached pages' policy to Next's page cache, in every language", () => {
    setEnvForTests({ NODE_ENV: 'production' });
    for (const path of ['/', '/th', '/ru', '/faq', '/th/space-calculator', '/ru/greenbox', '/legal', '/mobile-features', '/booking-v2', '/th/booking-v2', '/ru/booking-v2']) {
      expect(policyOf(path), path).toBeNull();
    }
  });

  it('in development, where nothing is cached, gives every page a nonce', () => {
    setEnvForTests({ NODE_ENV: 'development' });
    expect(policyOf('/booking-v2')).toMatch(/'nonce-[^']+' 'strict-dynamic' 'unsafe-eval'/);
  });
});
