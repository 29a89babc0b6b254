'use client';

import { useEffect, useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { Modal } from '@/components/units/modal';
import { joinWaitingList } from '@/lib/waiting-list/actions';
import { track } from '@/lib/analytics/track';
import { WAITING_LIST_LIMITS } from '@/lib/waiting-list/limits';
import { isValidEmail } from '@/lib/validation/contact';
import type { WaitingListLabels } from './labels';

type Phase = 'idle' | 'submitting' | 'error' | 'missing' | 'invalid_email' | 'server_error' | 'connection' | 'unexpected';

const KNOWN_FAILURES = new Set<string>(['missing', 'invalid_email', 'error', 'server_error']);

const noSubscription = () => () => {};

/** Whether a failed server action call failed on the way (offline, network) rather than at the server. */
function isNetworkFailure(error: unknown): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || error instanceof TypeError;
}

/**
 * Waiting-list sign-up for a sold-out unit type; used by the home unit cards and the booking wizard. `labels` are the
 * `waitingList` texts already translated for this unit (see labels.ts).
 */
export function WaitingListDialog(props: {
  unitTypeCode: string;
  unitLabel: string;
  labels: WaitingListLabels;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { unitTypeCode, unitLabel, labels: t, open, onOpenChange } = props;
  const id = useId();
  const [phase, setPhase] = useState<Phase>('idle');
  const [form, setForm] = useState({ name: '', email: '', phone: '' });
  const [toast, setToast] = useState(false);
  // The body once hydrated (null while rendering on the server): where the success toast lives.
  const toastHost = useSyncExternalStore(noSubscription, () => document.body, () => null);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(false), 6000);
    return () => clearTimeout(timer);
  }, [toast]);

  function close() {
    if (phase !== 'submitting') setPhase('idle');
    onOpenChange(false);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (phase === 'submitting') return;
    const name = form.name.trim();
    const email = form.email.trim();
    if (!name || !email) {
      setPhase('missing');
      return;
    }
    if (!isValidEmail(email)) {
      setPhase('invalid_email');
      return;
    }
    setPhase('submitting');
    try {
      const answer = await joinWaitingList({ unitTypeCode, unitLabel, name, email, phone: form.phone.trim() || undefined });
      // A refused input is the dialog's 'error'; anything else the server could not do is its 'server_error'.
      const result = answer.ok ? answer.data : { status: answer.error === 'validation' ? 'error' : 'server_error' };
      if (result.status === 'success') {
        track('waiting_list_join', { unit_type: unitTypeCode });
        setForm({ name: '', email: '', phone: '' });
        setPhase('idle');
        setToast(true);
        onOpenChange(false);
      } else if (KNOWN_FAILURES.has(result.status)) {
        setPhase(result.status as Phase);
      } else {
        setPhase('unexpected');
      }
    } catch (error) {
      // The form keeps what was typed; only the message says what went wrong.
      setPhase(isNetworkFailure(error) ? 'connection' : 'server_error');
    }
  }

  const problems: Partial<Record<Phase, { title: string; message: string }>> = {
    missing: { title: t.missingTitle, message: t.missingMessage },
    invalid_email: { title: t.invalidEmailTitle, message: t.invalidEmailMessage },
    error: { title: t.errorTitle, message: t.errorMessage },
    server_error: { title: t.serverErrorTitle, message: t.serverErrorMessage },
    connection: { title: t.connectionTitle, message: t.connectionMessage },
    unexpected: { title: t.errorTitle, message: t.unexpectedMessage },
  };
  const problem = problems[phase] ?? null;

  const input =
    'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600';

  return (
    <>
      <Modal open={open} onClose={close} title={t.title}>
        <form onSubmit={submit} noValidate aria-busy={phase === 'submitting'} className="space-y-4">
          <p className="text-sm text-slate-700">{t.description}</p>
          {problem ? (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              <p className="font-semibold">{problem.title}</p>
              <p>{problem.message}</p>
            </div>
          ) : null}
          <div>
            <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-800">
              {t.name} <span aria-hidden="true">*</span>
            </label>
            <input
              id={`${id}-name`}
              name="name"
              autoComplete="name"
              maxLength={WAITING_LIST_LIMITS.name}
              aria-required="true"
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
              className={input}
            />
          </div>
          <div>
            <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-800">
              {t.email} <span aria-hidden="true">*</span>
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={WAITING_LIST_LIMITS.email}
              aria-required="true"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
              className={input}
            />
          </div>
          <div>
            <label htmlFor={`${id}-phone`} className="text-sm font-medium text-slate-800">
              {t.phone}
            </label>
            <input
              id={`${id}-phone`}
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={WAITING_LIST_LIMITS.phone}
              value={form.phone}
              onChange={(e) => setForm({ ...form, phone: e.target.value })}
              className={input}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <button type="button" onClick={close} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
              {t.cancel}
            </button>
            <button
              type="submit"
              disabled={phase === 'submitting'}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {phase === 'submitting' ? t.submitting : t.submit}
            </button>
          </div>
        </form>
      </Modal>
      {/* On the body: the units section's content-visibility makes it the frame of any fixed child, which would pin the
          toast to the section's bottom instead of the screen's. Present before any toast so screen readers announce it. */}
      {toastHost &&
        createPortal(
          <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
            {toast ? (
              <div className="pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border border-green-200 bg-white px-4 py-3 text-sm shadow-lg">
                <span aria-hidden="true" className="text-lg leading-5 text-green-700">✓</span>
                <div>
                  <p className="font-semibold text-slate-900">{t.successTitle}</p>
                  <p className="text-slate-700">{t.successMessage}</p>
                </div>
                <button type="button" onClick={() => setToast(false)} className="ml-2 rounded px-1 text-slate-600 hover:bg-slate-100">
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">{t.dismiss}</span>
                </button>
              </div>
            ) : null}
          </div>,
          toastHost,
        )}
    </>
  );
}
