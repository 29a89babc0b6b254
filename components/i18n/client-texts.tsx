'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type en from '@/messages/en.json';

/**
 * Texts for the client UI that every page carries (the error boundary, the dialog close button, the installed app's
 * action bar), translated on the server by next-intl and handed over as plain strings. Public pages then ship no
 * message-formatting runtime: only the booking wizard and the space calculator load next-intl in the browser.
 */
export interface ClientTexts {
  close: string;
  errorPage: { title: string; text: string; details: string; reference: string; refresh: string };
  /** Every key of messages' `actionBar`, already formatted with the site's phone and address. */
  actionBar: Record<keyof (typeof en)['actionBar'], string>;
}

const Context = createContext<ClientTexts | null>(null);

export function ClientTextsProvider({ texts, children }: { texts: ClientTexts; children: ReactNode }) {
  return <Context.Provider value={texts}>{children}</Context.Provider>;
}

export function useClientTexts(): ClientTexts {
  const texts = useContext(Context);
  if (!texts) throw new Error('useClientTexts must be used under <ClientTextsProvider> (app/[locale]/layout.tsx)');
  return texts;
}
