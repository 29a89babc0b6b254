import { NextRequest, NextResponse } from 'next/server';
import { describe, expect, it, vi } from 'vitest';

// next-intl's locale handling is not under test here (and its ESM build does not load under vitest).
vi.mock('next-intl/middleware', () => ({ default: () => () => NextResponse.next() }));
const { default: proxy } = await import('@/proxy');

describe("proxy.ts: page policies never replace a route's own", () => {
  it("keeps the staff slip route's sandbox policy (third pass, finding 8): the proxy adds none to /admin/proofs/…", () => {
    const res = proxy(new NextRequest('http://localhost/admin/proofs/abc123'));
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('still gives staff pages their nonce policy', () => {
    const res = proxy(new NextRequest('http://localhost/admin/booking-review/abc123'));
    expect(res.headers.get('content-security-policy')).toMatch(/nonce-/);
  });
});
