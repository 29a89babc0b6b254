'use client';

import { startTransition, useActionState } from 'react';
import type { ActionResult } from '@/lib/actions/action';
import { useFormTexts } from '@/app/admin/_components/form-texts';

type RevealAction = (previous: unknown, form: FormData) => Promise<ActionResult<{ pin: string }>>;

/**
 * The gate PIN, hidden until staff press the button: the press is a POST (each showing is an audit row), so opening
 * or reloading the page never reveals it and a link cannot be prefetched into an audit entry.
 */
export function PinReveal({ action, bookingId, texts }: { action: RevealAction; bookingId: string; texts: { hidden: string; show: string } }) {
  const formTexts = useFormTexts();
  const [state, run, pending] = useActionState<ActionResult<{ pin: string }> | null, FormData>(action as never, null);
  if (state?.ok) return <span className="font-mono font-semibold" data-testid="staff-gate-pin">{state.data.pin}</span>;
  return (
    <form
      className="inline"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        startTransition(() => run(data));
      }}
    >
      <input type="hidden" name="bookingId" value={bookingId} />
      {texts.hidden}{' '}
      <button type="submit" disabled={pending} className="text-brand-800 underline disabled:opacity-60">
        {pending ? formTexts.working : texts.show}
      </button>
      {state && !state.ok ? <span role="alert" className="block text-red-800">{state.message}</span> : null}
    </form>
  );
}
