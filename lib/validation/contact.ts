// Pure helpers for the booking contact form (docs/product-rules.md#booking-wizard). Usable on client and server.
import { hasForbiddenCharacters } from './text';

// One Thai phone formatter for typing and for display (lib/format/phone.ts); re-exported for the form's imports.
export { formatThaiPhone } from '@/lib/format/phone';

/** Optional plus, then digits, spaces, dashes, parentheses; at least 8 characters. */
export function isValidPhone(s: string): boolean {
  return /^\+?[\d\s()-]{8,}$/.test(s.trim()) && /\d/.test(s);
}

// The unquoted form of an address (RFC 5322 "dot-atom"), letters of any script allowed: no quotes, spaces, angle
// brackets or control characters, so an address can be printed anywhere (an email header, a staff page) as it is.
const LOCAL_PART = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;
const TOP_LEVEL = /^(\p{L}[\p{L}\p{M}]{1,62}|xn--[a-z0-9-]{2,59})$/iu;

/** Must look like an address: local@domain.tld, as people type them (docs/product-rules.md#booking-wizard). */
export function isValidEmail(s: string): boolean {
  const v = s.trim();
  if (v.length > 254) return false;
  const at = v.lastIndexOf('@');
  if (at < 1 || at !== v.indexOf('@')) return false;
  const local = v.slice(0, at);
  const labels = v.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL_PART.test(local) || labels.length < 2) return false;
  return labels.slice(0, -1).every((l) => DOMAIN_LABEL.test(l)) && TOP_LEVEL.test(labels[labels.length - 1]);
}

/**
 * A person's or company's name as it may appear in an email greeting or on an invoice: no web address, no angle
 * brackets, no control characters (the site can be made to send a booking email to anyone, so nothing typed may turn
 * that email into an advert for another site), and no template braces (the agreement's text is filled from `{{…}}`
 * placeholders, so a name must not look like one).
 */
export function isValidName(s: string): boolean {
  return !hasForbiddenCharacters(s) && !/[<>\u0000-\u001f]|:\/\/|\bwww\.|\b(?:javascript|vbscript|data):|\{\{|\$\{/iu.test(s);
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
