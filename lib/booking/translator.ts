import { toLocale, translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';

// Named translators of the booking area, kept for readability at their many call sites; all go through
// lib/i18n/translator.
export function asLocale(locale: string | null | undefined): Locale {
  return toLocale(locale);
}

export const bookingErrorsT = (locale: string) => translator(locale, 'bookingErrors');
export const emailsT = (locale: string) => translator(locale, 'emails');
export const waitingListT = (locale: string) => translator(locale, 'waitingList');

export type BookingErrorsT = ReturnType<typeof bookingErrorsT>;
export type EmailsT = ReturnType<typeof emailsT>;
