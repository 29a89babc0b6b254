'use client';

import { useActionState } from 'react';
import type { ActionResult } from '@/lib/actions/action';

type Run = (previous: unknown, form: FormData) => Promise<ActionResult<{ ok: true }>>;

/** One button posting the conversation id to a staff action, with the action's error shown beside it. */
export function ActionButton({ run, conversationId, label, tone = 'primary' }: { run: Run; conversationId: string; label: string; tone?: 'primary' | 'plain' }) {
  const [state, formAction, pending] = useActionState(run, null);
  return (
    <form action={formAction} className="inline-flex flex-col gap-1">
      <input type="hidden" name="conversationId" value={conversationId} />
      <button
        type="submit"
        disabled={pending}
        className={
          tone === 'primary'
            ? 'rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60'
            : 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60'
        }
      >
        {label}
      </button>
      {state && !state.ok ? (
        <span role="alert" className="text-sm text-red-700">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
