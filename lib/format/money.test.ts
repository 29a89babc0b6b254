import { describe, expect, it } from 'vitest';
import { DOCUMENT_AMOUNT, formatTHB, intlLocale, PLAIN_AMOUNT } from './money';

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

describe('formatTHB for documents and files (the PDF, the CSV and the e-Tax XML use the same formatter)', () => {
  it.each([
    { satang: 1_673_000, doc: '16,730.00', plain: '16730.00' },
    { satang: 12_550, doc: '125.50', plain: '125.50' },
    { satang: 5, doc: '0.05', plain: '0.05' },
    { satang: -35_000, doc: '-350.00', plain: '-350.00' },
    { satang: 100_000_001, doc: '1,000,000.01', plain: '1000000.01' },
  ])('$satang -> $doc on a document, $plain in a file', ({ satang, doc, plain }) => {
    expect(formatTHB(satang, 'en', DOCUMENT_AMOUNT)).toBe(doc);
    expect(formatTHB(satang, 'en', PLAIN_AMOUNT)).toBe(plain);
  });

  it('stays exact past where a float would round the satang away', () => {
    expect(formatTHB(9_007_199_254_740_991, 'en', PLAIN_AMOUNT)).toBe('90071992547409.91');
    expect(formatTHB(9_007_199_254_740_991, 'en')).toBe('฿90,071,992,547,409.91');
  });
});
