'use client';

import { startTransition, useActionState, useEffect, useRef, type ReactNode } from 'react';
import type { ActionResult } from '@/lib/actions/action';

type FormAction = (previous: unknown, form: FormData) => Promise<ActionResult<unknown>>;

/**
 * A portal form bound to a server action: keeps what the customer typed when the server refuses it and says what
 * happened in the page's language (texts come from the server page).
 */
export function PortalForm({
  action,
  submit,
  working,
  success,
  children,
  confirm,
  resetOnSuccess = false,
}: {
  action: FormAction;
  submit: string;
  working: string;
  success?: string;
  children?: ReactNode;
  confirm?: string;
  resetOnSuccess?: boolean;
}) {
  const [state, run, pending] = useActionState<ActionResult<unknown> | null, FormData>(action as never, null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.ok && resetOnSuccess) form.current?.reset();
  }, [state, resetOnSuccess]);
  return (
    <form
      ref={form}
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (confirm && !window.confirm(confirm)) return;
        const data = new FormData(e.currentTarget);
        startTransition(() => run(data));
      }}
    >
      {children}
      <button type="submit" disabled={pending} className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
        {pending ? working : submit}
      </button>
      {state?.ok && success ? (
        <p role="status" className="text-sm font-medium text-green-800">
          {success}
        </p>
      ) : null}
      {state && !state.ok ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
