'use client';
import { useState } from 'react';
import type { ActionResult } from '@/lib/actions/action';

/** Starts a Stripe Checkout for the invoice (card or PromptPay) and follows the session's address. */
export function PayOnlineButton({
  invoiceId,
  token,
  method,
  label,
  busyLabel,
  start,
}: {
  invoiceId: string;
  token: string;
  method: 'card' | 'promptpay';
  label: string;
  busyLabel: string;
  start: (input: { invoiceId: string; token: string; method: 'card' | 'promptpay' }) => Promise<ActionResult<{ url: string }>>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <button
        type="button"
        disabled={busy}
        className="min-h-11 w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        onClick={async () => {
          setBusy(true);
          setError(null);
          const r = await start({ invoiceId, token, method }).catch(() => null);
          if (r?.ok) {
            window.location.assign(r.data.url);
            return;
          }
          setError(r?.message ?? 'Error');
          setBusy(false);
        }}
      >
        {busy ? busyLabel : label}
      </button>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
