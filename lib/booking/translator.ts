import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { isLocale, type Locale } from '@/lib/i18n/routing';

const MESSAGES = { en, th, ru } as const;

export function asLocale(locale: string | null | undefined): Locale {
  return isLocale(locale) ? locale : 'en';
}

/**
 * Translations outside a request (server actions called with an explicit locale, emails, jobs, API routes).
 * Works the same in tests, scripts and Next.
 */
export function bookingErrorsT(locale: string) {
  return createTranslator({ locale: asLocale(locale), messages: MESSAGES[asLocale(locale)], namespace: 'bookingErrors' });
}

export function emailsT(locale: string) {
  return createTranslator({ locale: asLocale(locale), messages: MESSAGES[asLocale(locale)], namespace: 'emails' });
}

export function waitingListT(locale: string) {
  return createTranslator({ locale: asLocale(locale), messages: MESSAGES[asLocale(locale)], namespace: 'waitingList' });
}

export type BookingErrorsT = ReturnType<typeof bookingErrorsT>;
export type EmailsT = ReturnType<typeof emailsT>;
