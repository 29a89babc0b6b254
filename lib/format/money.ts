// Display formatting for satang amounts. Pure; usable on client and server.
import { intlLocale } from './intl-locale';

export { intlLocale };

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let nf = cache.get(key);
  if (!nf) {
    // latn keeps Western digits whatever the locale's default numbering system.
    nf = new Intl.NumberFormat(locale, {
      numberingSystem: 'latn',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: true,
    });
    cache.set(key, nf);
  }
  return nf;
}

/** '฿16,730' for 1,673,000 satang; decimals only when the satang part is non-zero ('฿125.50'). */
export function formatTHB(satang: number, locale: string): string {
  if (!Number.isSafeInteger(satang)) throw new RangeError(`formatTHB: satang must be an integer, got ${satang}`);
  const abs = Math.abs(satang);
  const hasSatang = abs % 100 !== 0;
  // Format from the integer parts so a fraction never goes through float rounding.
  const whole = Math.trunc(abs / 100);
  const nf = numberFormat(intlLocale(locale), hasSatang ? 2 : 0);
  const text = hasSatang ? nf.format(whole + (abs % 100) / 100) : nf.format(whole);
  return `${satang < 0 ? '-' : ''}฿${text}`;
}
