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
  return translatorOf(l, MESSAGES[l], namespace);
}

export type Translator<N extends Namespace> = ReturnType<typeof translator<N>>;

/**
 * One translator per set of messages and namespace, kept while its messages are (the shipped ones for good; a set with
 * staff's overrides until the overrides change, lib/i18n/overrides.ts). A translator keeps every message it has
 * formatted parsed, so a new one for each call parsed the same ICU texts again on every submit and every email.
 * A translator holds no state of a request: sharing one is safe.
 */
const translators = new WeakMap<Messages, Map<string, unknown>>();
export function translatorOf<const N extends Namespace>(locale: Locale, messages: Messages, namespace: N) {
  let byNamespace = translators.get(messages);
  if (!byNamespace) translators.set(messages, (byNamespace = new Map()));
  const key = `${locale}:${namespace}`;
  const known = byNamespace.get(key) as ReturnType<typeof createTranslator<Messages, N>> | undefined;
  if (known) return known;
  const made = createTranslator({ locale, messages, namespace });
  byNamespace.set(key, made);
  return made;
}
