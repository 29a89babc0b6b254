/**
 * Translations outside a page render: server actions, route handlers, jobs and scripts. Pages and their server
 * components use next-intl's getTranslations; both read the same messages/{en,th,ru}.json. Emails use
 * approvedTranslator (lib/i18n/overrides.ts): the same texts with staff's approved overrides, as the pages show them.
 */
import { createTranslator, type Messages, type NamespaceKeys, type NestedKeyOf } from 'next-intl';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { toLocale, type Locale } from './routing';

export { toLocale };

const MESSAGES: Record<Locale, Messages> = { en, th, ru };

export type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/** The shipped messages of a locale (messages/{locale}.json). */
export function shippedMessages(locale: Locale): Messages {
  return MESSAGES[locale];
}

/** `translator('th', 'emails')('confirmation.subject', { reference })`. */
export function translator<const N extends Namespace>(locale: unknown, namespace: N) {
  const l = toLocale(locale);
  return createTranslator({ locale: l, messages: MESSAGES[l], namespace });
}

export type Translator<N extends Namespace> = ReturnType<typeof translator<N>>;
