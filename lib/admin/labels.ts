/**
 * A word for a code staff would otherwise read raw (docs/product-rules.md#dates-and-words-staff-read): the translation
 * under `key` when the messages have one, else the code made readable ("lateFees" → "Late fees", "gate_pin" →
 * "Gate pin"), so a code added later never shows as `snake_case` while it waits for its label.
 */
export function humanizeCode(code: string): string {
  const words = code.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' ').trim().toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : code;
}

interface Translate {
  (key: never): string;
  has(key: never): boolean;
}

export function labelOf(t: Translate, key: string, code: string): string {
  return t.has(key as never) ? t(key as never) : humanizeCode(code);
}

/**
 * A customer's or a document's language by name in the staff member's language ("Thai", "ไทย"), `t` being the
 * `languageSwitcher` translator; a language the site does not speak (a chat may carry one) reads as its code, upper case.
 */
export function languageName(t: Translate, code: string | null | undefined): string {
  if (!code) return '—';
  return t.has(code as never) ? t(code as never) : code.toUpperCase();
}
