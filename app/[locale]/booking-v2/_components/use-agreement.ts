'use client';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '@/lib/i18n/routing';

/** The rental agreement of step 10 as GET /api/agreement gives it: HTML sanitized on the server, variables unfilled. */
export interface WizardAgreement {
  /** the database document the customer signs, null for the built-in one */
  id: string | null;
  title: string;
  html: string;
}

export type AgreementLoad = { status: 'waiting' | 'loading' | 'failed' } | { status: 'ready'; agreement: WizardAgreement };

// Asks made while one is on its way share it; once it settles, the next wizard opened asks again (a proxy keeps it).
const loads = new Map<Locale, Promise<WizardAgreement>>();
/** A request that hangs fails after this long, so step 10 offers its reload instead of loading forever. */
const LOAD_TIMEOUT_MS = 15_000;

function isAgreement(v: unknown): v is WizardAgreement {
  const a = v as Partial<WizardAgreement> | null;
  return !!a && (a.id === null || typeof a.id === 'string') && typeof a.title === 'string' && typeof a.html === 'string' && a.html !== '';
}

function loadAgreement(locale: Locale): Promise<WizardAgreement> {
  let load = loads.get(locale);
  if (!load) {
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(LOAD_TIMEOUT_MS) : undefined;
    load = fetch(`/api/agreement?locale=${locale}`, { signal })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`agreement: ${res.status}`))))
      .then((body: unknown) => (isAgreement(body) ? body : Promise.reject(new Error('agreement: unexpected answer'))));
    loads.set(locale, load);
    load.then(
      () => loads.delete(locale),
      () => loads.delete(locale),
    );
  }
  return load;
}

/**
 * The agreement, loaded once the customer is on their way to step 10 (`wanted`): the wizard's first page does not
 * carry it (docs/performance.md, "Pages under npm start alone"). A failed load is tried again when the customer
 * reaches the agreement (`onStep`); until then the step says it is loading, and after a second failure it offers a
 * reload, which keeps the draft (sessionStorage).
 */
export function useWizardAgreement(locale: Locale, wanted: boolean, onStep: boolean): AgreementLoad {
  const [load, setLoad] = useState<AgreementLoad>({ status: 'waiting' });
  const retried = useRef(false);
  const { status } = load;
  useEffect(() => {
    if (!wanted || status === 'ready' || status === 'loading') return;
    if (status === 'failed') {
      if (!onStep || retried.current) return;
      retried.current = true;
    }
    setLoad({ status: 'loading' });
    loadAgreement(locale).then(
      (agreement) => setLoad({ status: 'ready', agreement }),
      () => setLoad({ status: 'failed' }),
    );
  }, [locale, wanted, onStep, status]);
  return load;
}
