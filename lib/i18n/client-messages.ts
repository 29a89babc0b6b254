import type { AbstractIntlMessages } from 'next-intl';

/**
 * The namespaces a page's client components read with next-intl (only the booking wizard does): server components
 * translate on the server, so only these travel to the browser.
 */
export function pickClientMessages(messages: AbstractIntlMessages, namespaces: readonly string[]): AbstractIntlMessages {
  const out: AbstractIntlMessages = {};
  for (const ns of namespaces) {
    if (messages[ns] !== undefined) out[ns] = messages[ns];
  }
  return out;
}
