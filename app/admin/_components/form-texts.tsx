'use client';

import { createContext, useContext, type ReactNode } from 'react';

/**
 * The few words staff forms say themselves, translated on the server by the admin layout. Client components outside
 * the booking wizard take their texts from the server like this; none uses next-intl's client hooks (the wizard reads
 * texts the server compiled, lib/i18n/compiled-client.tsx).
 */
export interface FormTexts {
  working: string;
  saved: string;
  /** contains {field} */
  fieldProblem: string;
}

const Texts = createContext<FormTexts>({ working: '…', saved: '✓', fieldProblem: '{field}' });

export function FormTextsProvider({ texts, children }: { texts: FormTexts; children: ReactNode }) {
  return <Texts.Provider value={texts}>{children}</Texts.Provider>;
}

export function useFormTexts(): FormTexts {
  return useContext(Texts);
}
