import 'server-only';
import { getLocale } from 'next-intl/server';
import { toLocale, type Locale } from './routing';

/** The request's language as our Locale type (lib/i18n/request.ts has already narrowed it to en, th or ru). */
export async function getRequestLocale(): Promise<Locale> {
  const locale = await getLocale();
  return toLocale(locale);
}
