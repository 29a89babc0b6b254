import { describe, expect, it } from 'vitest';
import { isTrustedAuthHost } from './host-trust';

const check = (headers: Record<string, string>, opts: { siteUrl?: string; hops?: number; production?: boolean } = {}) =>
  isTrustedAuthHost({
    headers: new Headers(headers),
    siteUrl: opts.siteUrl ?? 'https://storage.example.co.th',
    trustedProxyHops: opts.hops ?? 0,
    production: opts.production ?? true,
  });

describe('staff sign-in host trust (docs/product-rules.md#staff-sign-in-host)', () => {
  it('trusts the host SITE_URL names, whatever its case or an explicit default port', () => {
    expect(check({ host: 'storage.example.co.th' })).toBe(true);
    expect(check({ host: 'Storage.Example.co.th' })).toBe(true);
    expect(check({ host: 'storage.example.co.th:443' })).toBe(true);
  });

  it('refuses any other host, or the right name on another port', () => {
    expect(check({ host: 'evil.example' })).toBe(false);
    expect(check({ host: 'storage.example.co.th.evil.example' })).toBe(false);
    expect(check({ host: 'storage.example.co.th:8443' })).toBe(false);
    expect(check({})).toBe(false);
  });

  it('without a declared proxy, a forwarded host the visitor wrote cannot redirect sign-in elsewhere', () => {
    expect(check({ host: 'storage.example.co.th', 'x-forwarded-host': 'evil.example' })).toBe(false);
    expect(check({ host: 'storage.example.co.th', 'x-forwarded-host': 'storage.example.co.th' })).toBe(true);
  });

  it('behind a declared proxy, the forwarded host decides and the internal Host does not matter', () => {
    expect(check({ host: 'app:3000', 'x-forwarded-host': 'storage.example.co.th' }, { hops: 1 })).toBe(true);
    expect(check({ host: 'app:3000', 'x-forwarded-host': 'evil.example' }, { hops: 1 })).toBe(false);
    expect(check({ host: 'app:3000' }, { hops: 1 })).toBe(false);
  });

  it('a local start answers on every loopback name of its port, and only its port', () => {
    const local = { siteUrl: 'http://localhost:3000' };
    expect(check({ host: 'localhost:3000' }, local)).toBe(true);
    expect(check({ host: '127.0.0.1:3000' }, local)).toBe(true);
    expect(check({ host: '[::1]:3000' }, local)).toBe(true);
    expect(check({ host: '127.0.0.1:3001' }, local)).toBe(false);
    expect(check({ host: 'localhost' }, local)).toBe(false);
    expect(check({ host: 'localhost' }, { siteUrl: 'http://localhost' })).toBe(true);
    expect(check({ host: 'localhost:80' }, { siteUrl: 'http://localhost' })).toBe(true);
  });

  it('development trusts every host, as Auth.js does', () => {
    expect(check({ host: 'anything:1234' }, { production: false })).toBe(true);
  });
});
