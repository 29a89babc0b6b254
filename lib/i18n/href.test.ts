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
