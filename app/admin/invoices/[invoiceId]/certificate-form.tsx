'use client';
import { useActionState, useState } from 'react';
import type { ActionResult } from '@/lib/actions/action';

type State = ActionResult<{ recorded: boolean }> | null;

export interface CertificateFormLabels {
  number: string;
  issuedOn: string;
  amount: string;
  amountHint: string;
  note: string;
  submit: string;
  saving: string;
  recorded: string;
}

/** The 50 ทวิ certificate form; labels come from the server in the staff member's language (English or Thai). */
export function CertificateForm({ invoiceId, expectedBaht, labels, record }: { invoiceId: string; expectedBaht: number; labels: CertificateFormLabels; record: (prev: State, form: FormData) => Promise<State> }) {
  const [state, formAction, pending] = useActionState(record, null);
  // Controlled: React resets a form after its action, and a refused certificate must not lose what staff typed.
  const [values, setValues] = useState({ number: '', issuedOn: '', amountBaht: String(expectedBaht), note: '' });
  const bind = (name: keyof typeof values) => ({ name, value: values[name], onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })) });
  const errors = state && !state.ok ? state.fieldErrors ?? {} : {};
  const field = 'mt-1 block w-full rounded border border-gray-300 px-3 py-2';
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="invoiceId" value={invoiceId} />
      <label className="block text-sm font-medium">
        {labels.number}
        <input {...bind('number')} required maxLength={60} className={field} />
        {errors.number ? <span className="text-sm text-red-700">{errors.number[0]}</span> : null}
      </label>
      <label className="block text-sm font-medium">
        {labels.issuedOn}
        <input {...bind('issuedOn')} type="date" required className={field} />
        {errors.issuedOn ? <span className="text-sm text-red-700">{errors.issuedOn[0]}</span> : null}
      </label>
      <label className="block text-sm font-medium">
        {labels.amount}
        <input {...bind('amountBaht')} type="number" step="0.01" min="0.01" required className={field} />
        <span className="block text-xs font-normal text-slate-600">{labels.amountHint}</span>
        {errors.amountBaht ? <span className="text-sm text-red-700">{errors.amountBaht[0]}</span> : null}
      </label>
      <label className="block text-sm font-medium">
        {labels.note}
        <textarea {...bind('note')} rows={2} maxLength={500} className={field} />
      </label>
      {state && !state.ok ? <p role="alert" className="text-sm font-medium text-red-700">{state.message}</p> : null}
      {state?.ok ? <p role="status" className="text-sm font-medium text-green-800">{labels.recorded}</p> : null}
      <button type="submit" disabled={pending} className="min-h-11 rounded bg-teal-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
        {pending ? labels.saving : labels.submit}
      </button>
    </form>
  );
}
