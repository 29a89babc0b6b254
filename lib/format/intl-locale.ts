// The Intl locale of an app locale, on its own so client code that only needs the mapping does not ship the money
// formatting with it (README "Performance", the script budget). Pure; client and server.

const INTL_LOCALES: Record<string, string> = { th: 'th-TH', ru: 'ru-RU', en: 'en-US' };

/** Maps an app locale ('th' | 'ru' | 'en', or a full tag like 'th-TH') to an Intl locale; defaults to en-US. */
export function intlLocale(locale: string): string {
  const lang = (locale || '').toLowerCase().split(/[-_]/)[0];
  return INTL_LOCALES[lang] ?? 'en-US';
}
