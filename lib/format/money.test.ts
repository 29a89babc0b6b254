import { describe, expect, it } from 'vitest';
import { formatTHB, intlLocale } from './money';

// ru-RU groups with a no-break space (U+00A0) or narrow no-break space (U+202F) depending on ICU.
const normSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatTHB', () => {
  it.each([
    { satang: 1_673_000, locale: 'en', out: '฿16,730' },
    { satang: 1_673_000, locale: 'th', out: '฿16,730' },
    { satang: 1_673_000, locale: 'ru', out: '฿16 730' },
    { satang: 7_053_200, locale: 'en', out: '฿70,532' },
    { satang: 0, locale: 'en', out: '฿0' },
    { satang: 35_000, locale: 'en', out: '฿350' },
    { satang: 12_550, locale: 'en', out: '฿125.50' },
    { satang: 12_550, locale: 'ru', out: '฿125,50' },
    { satang: 100_000_001, locale: 'en', out: '฿1,000,000.01' },
    { satang: 99, locale: 'th', out: '฿0.99' },
    { satang: -35_000, locale: 'en', out: '-฿350' },
    { satang: 1_673_000, locale: 'de', out: '฿16,730' },
    { satang: 1_673_000, locale: 'th-TH', out: '฿16,730' },
  ])('$satang in $locale -> $out', ({ satang, locale, out }) => {
    expect(normSpaces(formatTHB(satang, locale))).toBe(out);
  });

  it('always uses Western digits', () => {
    for (const l of ['th', 'ru', 'en']) expect(formatTHB(123_456_789, l)).toMatch(/^฿[0-9.,\s\u00a0\u202f]+$/);
  });

  it('rejects non-integer satang', () => {
    expect(() => formatTHB(1.5, 'en')).toThrow(RangeError);
    expect(() => formatTHB(Number.NaN, 'en')).toThrow(RangeError);
  });

  it('intlLocale maps app locales', () => {
    expect(intlLocale('th')).toBe('th-TH');
    expect(intlLocale('ru')).toBe('ru-RU');
    expect(intlLocale('en')).toBe('en-US');
    expect(intlLocale('')).toBe('en-US');
  });
});
