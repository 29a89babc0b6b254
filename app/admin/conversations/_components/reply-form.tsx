'use client';

import { useActionState, useEffect, useRef } from 'react';
import type { ActionResult } from '@/lib/actions/action';

type Run = (previous: unknown, form: FormData) => Promise<ActionResult<{ ok: true }>>;

/** The staff reply box. Cleared only once the reply is stored; on an error the text stays for another try. */
export function ReplyForm({ run, conversationId, texts }: { run: Run; conversationId: string; texts: { label: string; hint: string; send: string; sent: string } }) {
  const [state, formAction, pending] = useActionState(run, null);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (state?.ok && box.current) box.current.value = '';
  }, [state]);
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="conversationId" value={conversationId} />
      <label htmlFor="staff-reply" className="block font-semibold">
        {texts.label}
      </label>
      <textarea id="staff-reply" ref={box} name="text" rows={4} required className="w-full rounded-md border border-slate-300 p-2" aria-describedby="staff-reply-hint" />
      <p id="staff-reply-hint" className="text-sm text-slate-600">
        {texts.hint}
      </p>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
          {texts.send}
        </button>
        <span role="status" className={state && !state.ok ? 'text-sm text-red-700' : 'text-sm text-green-800'}>
          {state ? (state.ok ? texts.sent : state.message) : ''}
        </span>
      </div>
    </form>
  );
}
