import type { Locale } from './routing';

/** Database texts are JSON objects keyed by locale; English fills any gap. */
export function pickLocalized<T = string>(value: unknown, locale: Locale | string): T | null {
  if (value == null) return null;
  if (typeof value !== 'object') return value as T;
  const map = value as Record<string, T>;
  return map[locale] ?? map.en ?? null;
}
