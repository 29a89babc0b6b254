'use client';

import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { createTranslator, Messages, NamespaceKeys, NestedKeyOf } from 'next-intl';
import type { Locale } from './routing';
import { compiledTranslator, type CompiledMessages, type TranslatorSource } from './compiled-format';

/**
 * The booking wizard's translations in the browser: next-intl's `useTranslations` and `useLocale`, over messages the
 * server compiled (lib/i18n/compiled-messages.ts), so next-intl's runtime ICU parser never loads in the browser
 * (lib/i18n/compiled-format.ts says why). Keys and values are typed as next-intl types them.
 */
const Source = createContext<(TranslatorSource & { locale: Locale }) | null>(null);

export function CompiledIntlProvider({ locale, messages, children }: { locale: Locale; messages: CompiledMessages; children: ReactNode }) {
  const value = useMemo(() => ({ locale, messages }), [locale, messages]);
  return <Source.Provider value={value}>{children}</Source.Provider>;
}

function useSource() {
  const source = useContext(Source);
  if (!source) throw new Error('useTranslations and useLocale need a CompiledIntlProvider above them');
  return source;
}

type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;
/** next-intl's translator for `N`. Its `raw` throws, as in next-intl's own precompiled mode: no ICU text is left. */
export type Translator<N extends Namespace> = ReturnType<typeof createTranslator<Messages, N>>;

export function useTranslations<const N extends Namespace>(namespace: N): Translator<N> {
  const source = useSource();
  return useMemo(() => compiledTranslator(source, namespace), [source, namespace]) as unknown as Translator<N>;
}

export function useLocale(): Locale {
  return useSource().locale;
}
