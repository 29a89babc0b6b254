'use client';

import { useState } from 'react';
import { Modal } from '@/components/units/modal';
import { loadLegalDocument, type LegalDialogDocument } from './load-legal-document';

type DocumentType = 'rental_agreement' | 'terms_conditions' | 'privacy_policy';

export interface LegalDialogLabels {
  button: string;
  title: string;
  loading: string;
  placeholder: string;
  note?: string;
}

/** A button that opens one legal document (terms, privacy or the agreement preview) in a dialog. */
export function LegalDialogButton({ type, labels, className }: { type: DocumentType; labels: LegalDialogLabels; className?: string }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ status: 'idle' | 'loading' | 'done' | 'failed'; doc: LegalDialogDocument }>({ status: 'idle', doc: null });

  function show() {
    setOpen(true);
    if (state.status === 'loading' || state.status === 'done') return;
    setState({ status: 'loading', doc: null });
    loadLegalDocument(type)
      .then((r) => setState(r.ok ? { status: 'done', doc: r.data } : { status: 'failed', doc: null }))
      // A failed fetch counts as an absent document (placeholder); the next open tries again.
      .catch(() => setState({ status: 'failed', doc: null }));
  }

  return (
    <>
      <button type="button" onClick={show} className={className}>
        {labels.button}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={state.doc?.title ?? labels.title} size="lg">
        {labels.note ? <p className="mb-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">{labels.note}</p> : null}
        {state.status === 'loading' ? (
          <p role="status" className="text-sm text-slate-600">
            {labels.loading}
          </p>
        ) : state.doc ? (
          <div className="text-sm leading-relaxed text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_h1]:mb-2 [&_h1]:text-lg [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:mb-1 [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 [&_table]:my-2 [&_td]:border [&_td]:border-slate-200 [&_td]:p-1 [&_th]:border [&_th]:border-slate-200 [&_th]:p-1 [&_ul]:list-disc [&_ul]:pl-5" dangerouslySetInnerHTML={{ __html: state.doc.html }} />
        ) : state.status === 'done' || state.status === 'failed' ? (
          <p className="text-sm text-slate-700">{labels.placeholder}</p>
        ) : null}
      </Modal>
    </>
  );
}
