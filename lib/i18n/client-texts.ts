import 'server-only';
import { getMessages, getTranslations } from 'next-intl/server';
import type en from '@/messages/en.json';

type ActionBarKey = keyof (typeof en)['actionBar'];

/**
 * Texts for the client UI that every page carries (the error boundary, the dialog close button, the installed app's
 * action bar), translated on the server by next-intl and handed over as plain strings. Public pages then ship no
 * message-formatting runtime; the booking wizard formats texts the server compiled (lib/i18n/compiled-format.ts).
 */
export interface ClientTexts {
  close: string;
  errorPage: { title: string; text: string; details: string; reference: string; refresh: string };
  /** Every key of messages' `actionBar`, already formatted with the site's phone and address. */
  actionBar: Record<ActionBarKey, string>;
}

/** The layout's client texts in the request's locale (see components/i18n/client-texts.tsx). */
export async function getClientTexts(contact: { phone: string; address: string }): Promise<ClientTexts> {
  const [common, errorPage, actionBar, messages] = await Promise.all([
    getTranslations('common'),
    getTranslations('errorPage'),
    getTranslations('actionBar'),
    getMessages(),
  ]);
  const keys = Object.keys(messages.actionBar) as ActionBarKey[];
  // Only callFailedText and mapFailedText use these values; the others ignore them.
  const format = actionBar as unknown as (key: ActionBarKey, values: Record<string, string>) => string;
  const bar = Object.fromEntries(keys.map((key) => [key, format(key, { phone: contact.phone, address: contact.address })])) as Record<
    ActionBarKey,
    string
  >;
  return {
    close: common('close'),
    errorPage: {
      title: errorPage('title'),
      text: errorPage('text'),
      details: errorPage('details'),
      reference: errorPage('reference'),
      refresh: errorPage('refresh'),
    },
    actionBar: bar,
  };
}
