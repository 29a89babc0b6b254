// Sizes of units (lengths, areas, volumes) as each language writes its numbers: "1.5 m" in English and Thai,
// "1,5 м" in Russian, one rule for every page and email (issue 37: Russian mixed "1.5 m" with "7,5 м³").
// Pure; client and server.
import { intlLocale } from './intl-locale';

const cache = new Map<string, Intl.NumberFormat>();
function nf(locale: string, unit: boolean): Intl.NumberFormat {
  const key = `${locale}|${unit}`;
  let f = cache.get(key);
  if (!f) {
    // Latin digits everywhere: the site writes prices and dates with them in Thai too.
    f = new Intl.NumberFormat(intlLocale(locale), {
      maximumFractionDigits: 2,
      numberingSystem: 'latn',
      ...(unit ? { style: 'unit', unit: 'meter', unitDisplay: 'short' } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** A size's number (area, volume, metres) with the locale's decimal separator: 7.5 → "7,5" in Russian. */
export function formatMeasure(n: number, locale: string): string {
  return nf(locale, false).format(n);
}

/** A length in metres with the locale's unit: 1.5 → "1.5 m", "1.5 ม.", "1,5 м". */
export function formatMetres(n: number, locale: string): string {
  return nf(locale, true).format(n);
}

// A number, optionally followed by "m" (not m² or m³, not the start of a word): "1.5 m", "2,5m", "3".
const LENGTH = /(\d+(?:[.,]\d+)?)(\s*m(?![²³\p{L}\d]))?/gu;

/**
 * A unit type's dimensions as staff typed them ("1.5 m × 2 m × 2.5 m", free text in the admin) written in the reader's
 * language: each number with its decimal separator, each "m" as the language's metre. Text around the numbers
 * (a note such as "approx.") is kept as typed.
 */
export function formatDimensions(raw: string, locale: string): string {
  return raw.replace(LENGTH, (_, num: string, metre: string | undefined) => {
    const n = Number(num.replace(',', '.'));
    if (!Number.isFinite(n)) return _;
    return metre ? formatMetres(n, locale) : formatMeasure(n, locale);
  });
}
