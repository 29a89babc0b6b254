import type { Locale } from '@/lib/i18n/routing';

/**
 * The language a visitor wrote in, from the script of the letters: Thai, Cyrillic (answered in Russian) or Latin
 * (English). A message without letters ("?", "2700") keeps the page's language.
 */
export function detectLanguage(text: string, pageLocale: Locale): Locale {
  let thai = 0;
  let cyrillic = 0;
  let latin = 0;
  for (const ch of text) {
    if (/[\u0E00-\u0E7F]/.test(ch)) thai++;
    else if (/[\u0400-\u04FF]/.test(ch)) cyrillic++;
    else if (/[A-Za-z]/.test(ch)) latin++;
  }
  // Thai and Russian visitors often write unit codes ("M", "XL") or brand names in Latin letters: their own script wins.
  if (thai > 0 && thai >= cyrillic) return 'th';
  if (cyrillic > 0) return 'ru';
  if (latin > 0) return 'en';
  return pageLocale;
}

export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', th: 'Thai', ru: 'Russian' };
