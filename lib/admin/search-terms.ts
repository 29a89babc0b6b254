/**
 * How the staff search reads what was typed (docs/product-rules.md#staff-search). Pure, so it is tested on its own.
 */

// Zero-width spaces and joiners: Thai keyboards and copied chat messages leave them between words.
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

/**
 * The text as the database stores it: Unicode NFC, no invisible characters, Thai SARA AM typed as two marks
 * (NIKHAHIT + SARA AA, as some keyboards and old documents do) as the one letter, runs of spaces as one space.
 */
export function normalizeSearchText(input: string): string {
  return input
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/\u0e4d\u0e32/g, '\u0e33')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A phone number's national part, so '+66 81 234 5678', '081-234-5678', '(081) 234 5678' and '0812345678' all become
 * '812345678'. Only for input made of digits and phone punctuation, with at least 4 digits; else null.
 * The database side applies the same rule (lib/admin/search.ts); the bookings list matches the key against the
 * phone's stored digits (lib/admin/bookings.ts, customers.phone_digits).
 */
export function phoneKey(input: string): string | null {
  const compact = normalizeSearchText(input).replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  const digits = compact.replace(/^\+/, '');
  const national = digits.startsWith('66') && digits.length >= 10 ? digits.slice(2) : digits.startsWith('0') ? digits.slice(1) : digits;
  return national.length >= 4 ? national : null;
}

export interface SearchTerms {
  /** the whole query, normalised */
  text: string;
  /** its words, for "first last" names */
  words: string[];
  /** upper case without spaces, for references and document numbers (BF2-…, INV-…, CN-…) and unit numbers */
  code: string;
  /** the phone key, when the query looks like a phone number */
  phone: string | null;
}

/** What to look for, or null when the query is too short to search (under 2 characters). */
export function searchTerms(input: string): SearchTerms | null {
  const text = normalizeSearchText(input).slice(0, 100);
  if (text.length < 2) return null;
  return { text, words: text.split(' ').filter(Boolean).slice(0, 5), code: text.replace(/\s+/g, '').toUpperCase(), phone: phoneKey(text) };
}
