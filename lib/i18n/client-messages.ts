import type { AbstractIntlMessages } from 'next-intl';

/**
 * Namespaces client components read. Server components translate on the server, so only these travel to the
 * browser; a client component using another namespace must add it here.
 */
export const CLIENT_NAMESPACES = ['common', 'languageSwitcher'] as const;

export function pickClientMessages(messages: AbstractIntlMessages, extra: readonly string[] = []): AbstractIntlMessages {
  const out: AbstractIntlMessages = {};
  for (const ns of [...CLIENT_NAMESPACES, ...extra]) {
    if (messages[ns] !== undefined) out[ns] = messages[ns];
  }
  return out;
}
