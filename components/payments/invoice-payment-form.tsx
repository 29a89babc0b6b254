'use client';
import { useId, useState } from 'react';
import type { ActionResult } from '@/lib/actions/action';
import { checkUploadFile } from '@/lib/uploads/check';
import { DOCUMENT_ACCEPT } from '@/lib/uploads/limits';
import { useHydrated } from '@/components/use-hydrated';

export interface PaymentFormTexts {
  proofTitle: string;
  proofHint: string;
  choose: string;
  uploading: string;
  uploaded: string;
  invalidType: string;
  tooLarge: string;
  uploadFailed: string;
  busy: string;
  sent: string;
  sending: string;
  doneTitle: string;
  doneBody: string;
  /** a slip the provider confirmed: the invoice is paid already (docs/product-rules.md#thai-money) */
  paidTitle: string;
  paidBody: string;
}

type Submit = (input: { invoiceId: string; token: string; method: 'bank_transfer' | 'crypto' | 'promptpay'; proofId: string | null }) => Promise<ActionResult<{ status: string }>>;

/**
 * Bank transfer, crypto and the PromptPay QR: the customer says the money was sent, with the slip when they have it.
 * The file is checked here first (type, MAX_UPLOAD_MB), then by its content on the server; either refusal is said in
 * place, under the picker, and a slip uploaded before stays (docs/product-rules.md#uploads).
 */
export function InvoicePaymentForm({ invoiceId, token, method, texts, submit, initiallyDone }: { invoiceId: string; token: string; method: 'bank_transfer' | 'crypto' | 'promptpay'; texts: PaymentFormTexts; submit: Submit; initiallyDone: boolean }) {
  const id = useId();
  const [proof, setProof] = useState<{ id: string; name: string } | null>(null);
  const [state, setState] = useState<'idle' | 'uploading' | 'sending' | 'done' | 'paid'>(initiallyDone ? 'done' : 'idle');
  const [error, setError] = useState<string | null>(null);
  // Until React has taken the page over, a chosen file or a tap on the button would reach no handler and be lost
  // on a slow phone: both stay disabled until then (components/use-hydrated.ts).
  const hydrated = useHydrated();

  async function upload(file: File) {
    const sentBefore = state === 'done';
    setError(null);
    const problem = checkUploadFile(file, DOCUMENT_ACCEPT);
    if (problem) return setError(texts[problem]);
    setState('uploading');
    try {
      const body = new FormData();
      body.append('file', file);
      const res = await fetch('/api/payment-proofs', { method: 'POST', body });
      const json = (await res.json().catch(() => null)) as { id?: string; fileName?: string; error?: string } | null;
      if (res.ok && json?.id) {
        setProof({ id: json.id, name: json.fileName ?? file.name });
        // Already said "I've sent the payment" (here or when booking): the slip goes straight to the payment staff
        // check, rather than waiting for a button that is no longer shown.
        if (sentBefore) return void (await send(json.id));
        setState('idle');
        return;
      }
      // A body the transport refused (413) is a file too large as well.
      setError(json?.error === 'type' ? texts.invalidType : json?.error === 'size' || res.status === 413 ? texts.tooLarge : json?.error === 'busy' ? texts.busy : texts.uploadFailed);
    } catch {
      setError(texts.uploadFailed);
    }
    setState(sentBefore ? 'done' : 'idle');
  }

  async function send(proofId: string | null = proof?.id ?? null) {
    setState('sending');
    setError(null);
    const r = await submit({ invoiceId, token, method, proofId }).catch(() => null);
    if (r?.ok) return setState(r.data?.status === 'paid' ? 'paid' : 'done');
    setError(r?.message ?? texts.uploadFailed);
    setState('idle');
  }

  return (
    <section className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 className="font-semibold text-gray-900">{texts.proofTitle}</h2>
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
        {texts.proofHint}
      </p>
      <label htmlFor={id} className="mt-3 block text-sm font-medium text-gray-900">
        {texts.choose}
      </label>
      <input
        id={id}
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-describedby={`${id}-hint`}
        disabled={!hydrated || state === 'uploading' || state === 'sending'}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
          e.target.value = '';
        }}
        className="mt-1 block w-full text-sm text-gray-900 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
      />
      <div aria-live="polite" className="mt-2 text-sm">
        {state === 'uploading' ? <p className="text-gray-700">{texts.uploading}</p> : null}
        {proof ? <p className="font-medium text-green-800">✓ {texts.uploaded.replace('{name}', proof.name)}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {state === 'done' || state === 'paid' ? (
        <div role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 p-3">
          <p className="font-semibold text-green-900">{state === 'paid' ? texts.paidTitle : texts.doneTitle}</p>
          <p className="text-sm text-green-900">{state === 'paid' ? texts.paidBody : texts.doneBody}</p>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => void send()}
          disabled={!hydrated || state !== 'idle'}
          className="mt-4 min-h-11 w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {state === 'sending' ? texts.sending : texts.sent}
        </button>
      )}
    </section>
  );
}
