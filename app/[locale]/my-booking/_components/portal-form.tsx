'use client';

import { startTransition, useActionState, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ActionResult } from '@/lib/actions/action';
import { answeringFailedUploads, checkFormFiles, type UploadTexts } from '@/lib/uploads/check';
import { useHydrated } from '@/components/use-hydrated';

type FormAction = (previous: unknown, form: FormData) => Promise<ActionResult<unknown>>;

/**
 * A portal form bound to a server action: keeps what the customer typed when the server refuses it and says what
 * happened in the page's language (texts come from the server page). A form with files (`uploads`) checks each chosen
 * file before sending, and a request the transport refuses (a body past the server's limit, a dropped connection) is
 * said in place with the same texts instead of replacing the page (docs/product-rules.md#uploads).
 */
export function PortalForm({
  action,
  submit,
  working,
  success,
  children,
  confirm,
  resetOnSuccess = false,
  uploads,
}: {
  action: FormAction;
  submit: string;
  working: string;
  success?: string;
  children?: ReactNode;
  confirm?: string;
  resetOnSuccess?: boolean;
  uploads?: UploadTexts;
}) {
  const [state, run, pending] = useActionState<ActionResult<unknown> | null, FormData>(
    answeringFailedUploads(action, uploads) as never,
    null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    if (state?.ok && resetOnSuccess) form.current?.reset();
  }, [state, resetOnSuccess]);
  return (
    <form
      ref={form}
      method="post"
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (confirm && !window.confirm(confirm)) return;
        const refused = uploads ? checkFormFiles(e.currentTarget, uploads) : null;
        setProblem(refused);
        if (refused) return;
        const data = new FormData(e.currentTarget);
        startTransition(() => run(data));
      }}
    >
      {children}
      <button type="submit" disabled={!hydrated || pending} className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
        {pending ? working : submit}
      </button>
      {!problem && state?.ok && success ? (
        <p role="status" className="text-sm font-medium text-green-800">
          {success}
        </p>
      ) : null}
      {problem || (state && !state.ok) ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {problem ?? (state && !state.ok ? state.message : null)}
        </p>
      ) : null}
    </form>
  );
}
