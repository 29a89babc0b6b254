import { describe, expect, it } from 'vitest';
import { localizedHref } from './href';

describe('localizedHref', () => {
  it('leaves English unprefixed and prefixes Thai and Russian', () => {
    expect(localizedHref('en', '/faq')).toBe('/faq');
    expect(localizedHref('th', '/faq')).toBe('/th/faq');
    expect(localizedHref('ru', '/')).toBe('/ru');
  });

  it('keeps the hash and query after the localized path', () => {
    expect(localizedHref('th', '/#units')).toBe('/th#units');
    expect(localizedHref('en', '/#units')).toBe('/#units');
    expect(localizedHref('ru', '/booking-v2?unit=m')).toBe('/ru/booking-v2?unit=m');
    expect(localizedHref('ru', { pathname: '/booking-v2', query: { unit: 'gb' } })).toBe('/ru/booking-v2?unit=gb');
  });
});

describe('one builder of localized paths: never a doubled prefix', () => {
  const paths = ['/', '/pay-invoice/abc?token=x', '/invoice/abc#top', '/my-booking/BF2-1', '/payment/promptpay/abc?token=y'];
  const locales = ['en', 'th', 'ru'] as const;

  it('gives the same path when handed a path it already localized, in every language', () => {
    for (const l of locales) {
      for (const p of paths) {
        const once = localizedHref(l, p);
        expect(localizedHref(l, once)).toBe(once);
        expect(once).not.toMatch(/^\/(th|ru|en)\/(th|ru|en)(\/|$|\?|#)/);
      }
    }
  });

  it('replaces another language prefix instead of stacking it', () => {
    expect(localizedHref('ru', '/th/pay-invoice/abc?token=x')).toBe('/ru/pay-invoice/abc?token=x');
    expect(localizedHref('en', '/th/faq')).toBe('/faq');
    expect(localizedHref('th', '/ru')).toBe('/th');
  });

  it('does not mistake a page whose name starts with the letters of a language for a prefix', () => {
    expect(localizedHref('th', '/thanks')).toBe('/th/thanks');
    expect(localizedHref('ru', '/rules')).toBe('/ru/rules');
  });
});
