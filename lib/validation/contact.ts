// Pure helpers for the booking contact form (docs/product-rules.md#booking-wizard). Usable on client and server.

function group(digits: string, sizes: readonly number[], sep: string): string {
  const parts: string[] = [];
  let i = 0;
  for (const size of sizes) {
    if (i >= digits.length) break;
    parts.push(digits.slice(i, i + size));
    i += size;
  }
  // Extra digits stay visible rather than being silently dropped; validation judges them.
  if (i < digits.length) parts.push(digits.slice(i));
  return parts.join(sep);
}

/**
 * As-you-type Thai phone formatting: leading 66 -> '+66 x xxxx xxxx', leading 0 -> 'xx xxxx xxxx'.
 * Anything else (other country codes, letters) is left exactly as typed.
 */
export function formatThaiPhone(input: string): string {
  const compact = input.replace(/[\s\-().]/g, '');
  const intl = /^\+?66(\d*)$/.exec(compact);
  if (intl) {
    const rest = group(intl[1], [1, 4, 4], ' ');
    return rest ? `+66 ${rest}` : '+66';
  }
  if (/^0\d*$/.test(compact)) return group(compact, [2, 4, 4], ' ');
  return input;
}

/** Optional plus, then digits, spaces, dashes, parentheses; at least 8 characters. */
export function isValidPhone(s: string): boolean {
  return /^\+?[\d\s()-]{8,}$/.test(s.trim()) && /\d/.test(s);
}

/** Must look like an address: something@domain.tld, no spaces. */
export function isValidEmail(s: string): boolean {
  const v = s.trim();
  return v.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/.test(v);
}

export function taxIdDigits(s: string): string {
  return s.replace(/\D/g, '');
}

/** Digits only, at most 13, grouped 1-4-5-2-1 with dashes: '1-2345-67890-12-3'. */
export function formatTaxId(input: string): string {
  const digits = taxIdDigits(input).slice(0, 13);
  const parts: string[] = [];
  let i = 0;
  for (const size of [1, 4, 5, 2, 1]) {
    if (i >= digits.length) break;
    parts.push(digits.slice(i, i + size));
    i += size;
  }
  return parts.join('-');
}

/** 13 digits (after stripping non-digits) with a valid Thai mod-11 check digit. */
export function isValidThaiTaxId(s: string): boolean {
  const digits = taxIdDigits(s);
  if (digits.length !== 13) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}
