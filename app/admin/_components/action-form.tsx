'use client';

import { startTransition, useActionState, useEffect, useRef, useState, type ReactNode } from 'react';
import { useFormTexts } from './form-texts';
import type { ActionResult } from '@/lib/actions/action';
import { answeringFailedUploads, checkFormFiles, type UploadTexts } from '@/lib/uploads/check';
import { useHydrated } from '@/components/use-hydrated';

type FormAction = (previous: unknown, form: FormData) => Promise<ActionResult<unknown>>;

/**
 * A staff form bound to a server action (lib/actions): submits without a page load, keeps what was typed when the
 * server refuses it, and says what happened (role="status" on success, role="alert" on failure). The page refreshes
 * itself because actions revalidate it. A form with files (`uploads`) checks them before sending and says a refused
 * request in place (docs/product-rules.md#uploads).
 */
export function ActionForm({
  action,
  submit,
  children,
  confirm,
  success,
  resetOnSuccess = false,
  danger = false,
  className = '',
  encType,
  uploads,
}: {
  action: FormAction;
  submit: string;
  children?: ReactNode;
  /** asks before sending (destructive actions) */
  confirm?: string;
  success?: string;
  resetOnSuccess?: boolean;
  danger?: boolean;
  className?: string;
  encType?: 'multipart/form-data';
  uploads?: UploadTexts;
}) {
  const t = useFormTexts();
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

  const fieldErrors = state && !state.ok ? Object.entries(state.fieldErrors ?? {}) : [];
  return (
    <form
      ref={form}
      method="post"
      encType={encType}
      className={`space-y-3 ${className}`}
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
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={!hydrated || pending}
          className={`rounded-md px-4 py-2 text-sm font-semibold text-white disabled:opacity-60 ${danger ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-800'}`}
        >
          {pending ? t.working : submit}
        </button>
        {!problem && state?.ok ? (
          <p role="status" className="text-sm font-medium text-green-800">
            {success ?? t.saved}
          </p>
        ) : null}
      </div>
      {problem ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p>{problem}</p>
        </div>
      ) : state && !state.ok ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p>{state.message}</p>
          {fieldErrors.length ? (
            <ul className="mt-1 list-disc pl-5">
              {fieldErrors.map(([field, errors]) => (
                <li key={field}>
                  {t.fieldProblem.replace('{field}', field)}: {errors.join(' ')}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
