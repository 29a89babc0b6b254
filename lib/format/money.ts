// Display formatting for satang amounts. Pure; usable on client and server.
import { intlLocale } from './intl-locale';

export { intlLocale };

const cache = new Map<string, Intl.NumberFormat>();

/** Whole baht in the locale's digits and grouping (latn: Western digits whatever the locale's default). */
function wholeFormat(locale: string, grouping: boolean): Intl.NumberFormat {
  const key = `${locale}|${grouping}`;
  let nf = cache.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, { numberingSystem: 'latn', maximumFractionDigits: 0, useGrouping: grouping });
    cache.set(key, nf);
  }
  return nf;
}

const separators = new Map<string, string>();
/** The locale's decimal separator ('.' in English and Thai, ',' in Russian). */
function decimalSeparator(locale: string): string {
  let s = separators.get(locale);
  if (s === undefined) {
    s = new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    separators.set(locale, s);
  }
  return s;
}

/**
 * How an amount is written. Pages and emails: the default ('฿16,730', '฿125.50'). Documents (the invoice PDF):
 * `DOCUMENT_AMOUNT` ('16,730.00', the currency in the column's heading). Machine-read files (the accountant's CSV,
 * e-Tax XML): `PLAIN_AMOUNT` ('16730.00').
 */
export interface MoneyFormat {
  /** the ฿ sign before the figure (default true) */
  symbol?: boolean;
  /** 'auto': satang only when there are some (default); 'always': two decimals every time */
  decimals?: 'auto' | 'always';
  /** thousands separators (default true) */
  grouping?: boolean;
}
export const DOCUMENT_AMOUNT: MoneyFormat = { symbol: false, decimals: 'always' };
export const PLAIN_AMOUNT: MoneyFormat = { symbol: false, decimals: 'always', grouping: false };

/**
 * The one money formatter: '฿16,730' for 1,673,000 satang; decimals only when the satang part is non-zero ('฿125.50'),
 * unless `format` asks otherwise. Integer satang in, never a float.
 */
export function formatTHB(satang: number, locale: string, format: MoneyFormat = {}): string {
  if (!Number.isSafeInteger(satang)) throw new RangeError(`formatTHB: satang must be an integer, got ${satang}`);
  const { symbol = true, decimals = 'auto', grouping = true } = format;
  const abs = Math.abs(satang);
  const twoDecimals = decimals === 'always' || abs % 100 !== 0;
  // Built from the integer parts, so a figure never goes through float rounding, however large.
  const tag = intlLocale(locale);
  const whole = wholeFormat(tag, grouping).format(Math.trunc(abs / 100));
  const text = twoDecimals ? `${whole}${decimalSeparator(tag)}${String(abs % 100).padStart(2, '0')}` : whole;
  return `${satang < 0 ? '-' : ''}${symbol ? '฿' : ''}${text}`;
}
