import { NextRequest, NextResponse } from 'next/server';
import { describe, expect, it, vi } from 'vitest';

// next-intl's locale handling is not under test here (and its ESM build does not load under vitest).
vi.mock('next-intl/middleware', () => ({ default: () => () => NextResponse.next() }));
const { default: proxy } = await import('@/proxy');
const { INLINE_HASHES_PLACEHOLDER } = await import('@/lib/security/csp');

describe("proxy.ts: page policies never replace a route's own", () => {
  it("keeps the staff slip route's sandbox policy (third pass, finding 8): the proxy adds none to /admin/proofs/…", () => {
    const res = proxy(new NextRequest('http://localhost/admin/proofs/abc123'));
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('still gives staff pages their nonce policy', () => {
    const res = proxy(new NextRequest('http://localhost/admin/booking-review/abc123'));
    expect(res.headers.get('content-security-policy')).toMatch(/nonce-/);
  });

  it("gives the wizard's cached shell the hashed policy in every language: no nonce, no 'unsafe-inline' script", () => {
    for (const path of ['/booking-v2', '/th/booking-v2', '/ru/booking-v2']) {
      const policy = proxy(new NextRequest(`http://localhost${path}`)).headers.get('content-security-policy')!;
      const script = policy.split('; ').find((d) => d.startsWith('script-src '))!;
      // (outside production 'unsafe-eval' follows, for React's debugging aids)
      expect(script.startsWith(`script-src 'self' ${INLINE_HASHES_PLACEHOLDER}`)).toBe(true);
      expect(script).not.toMatch(/unsafe-inline|nonce-|strict-dynamic/);
    }
    // Its confirmation page still renders per request with a nonce.
    expect(proxy(new NextRequest('http://localhost/booking-v2-success')).headers.get('content-security-policy')).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
  });
});
