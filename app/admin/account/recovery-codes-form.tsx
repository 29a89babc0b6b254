"use client";

import { startTransition, useActionState } from "react";
import type { ActionResult } from "@/lib/actions/action";
import { useFormTexts } from "../_components/form-texts";
import { inputClass } from "../_components/ui";

type CreateCodes = (
  previous: unknown,
  form: FormData,
) => Promise<ActionResult<{ codes: string[] }>>;

/**
 * Asks for a current authenticator code, then shows the new recovery codes once: they are not stored, so this
 * answer is the only place they appear.
 */
export function RecoveryCodesForm({
  action,
  texts,
}: {
  action: CreateCodes;
  texts: { code: string; submit: string; shown: string; codesLabel: string };
}) {
  const t = useFormTexts();
  const [state, run, pending] = useActionState<
    ActionResult<{ codes: string[] }> | null,
    FormData
  >(action as never, null);
  return (
    <div className="space-y-3">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          startTransition(() => run(data));
        }}
      >
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-slate-800">
            {texts.code}
          </span>
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            className={inputClass}
          />
        </label>
        <button
          type="submit"
          disabled={pending}
          className="min-h-11 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white disabled:opacity-60"
        >
          {pending ? t.working : texts.submit}
        </button>
        {state && !state.ok ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            {state.message}
          </p>
        ) : null}
      </form>
      {/* outside the form, so it prints (forms do not: app/admin/admin.css) */}
      {state?.ok ? (
        <div
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
        >
          <p className="mb-2 font-medium text-amber-900">{texts.shown}</p>
          <ul
            aria-label={texts.codesLabel}
            className="grid grid-cols-2 gap-1 font-mono text-base"
          >
            {state.data.codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
