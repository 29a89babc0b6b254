'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { ClientTexts } from '@/lib/i18n/client-texts';

export type { ClientTexts };

const Context = createContext<ClientTexts | null>(null);

export function ClientTextsProvider({ texts, children }: { texts: ClientTexts; children: ReactNode }) {
  return <Context.Provider value={texts}>{children}</Context.Provider>;
}

export function useClientTexts(): ClientTexts {
  const texts = useContext(Context);
  if (!texts) throw new Error('useClientTexts must be used under <ClientTextsProvider> (app/[locale]/layout.tsx)');
  return texts;
}
