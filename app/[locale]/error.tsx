'use client';

import { useEffect } from 'react';
import { useClientTexts } from '@/components/i18n/client-texts';

/** App-wide error boundary for the localized pages ('Something went wrong', docs/product-rules.md#public-site). */
export default function ErrorPage({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useClientTexts().errorPage;
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{t.text}</p>
      <details className="mt-6 w-full max-w-md rounded-lg border border-slate-200 bg-slate-50 p-4 text-left text-sm text-slate-700">
        <summary className="cursor-pointer font-semibold">{t.details}</summary>
        {/* Production hides the message; the digest lets staff find the server log entry. */}
        {error.message && <p className="mt-2 break-words font-mono">{error.message}</p>}
        {error.digest && <p className="mt-2 font-mono">{t.reference} {error.digest}</p>}
      </details>
      <button
        type="button"
        // A full reload refetches the server components that failed, which reset() alone would not.
        onClick={() => window.location.reload()}
        className="mt-8 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {t.refresh}
      </button>
    </div>
  );
}
