'use client';

import { Modal } from '@/components/units/modal';
import type { LegalDialogDocument } from './load-legal-document';

export interface LegalDialogLabels {
  button: string;
  title: string;
  loading: string;
  placeholder: string;
  note?: string;
}

/** The dialog of LegalDialogButton: the document once loaded, a loading line meanwhile, the placeholder when absent. */
export function LegalDialogView({
  open,
  onClose,
  labels,
  status,
  doc,
}: {
  open: boolean;
  onClose: () => void;
  labels: LegalDialogLabels;
  status: 'loading' | 'done' | 'failed';
  doc: LegalDialogDocument;
}) {
  return (
    <Modal open={open} onClose={onClose} title={doc?.title ?? labels.title} size="lg">
      {labels.note ? <p className="mb-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">{labels.note}</p> : null}
      {status === 'loading' ? (
        <p role="status" className="text-sm text-slate-600">
          {labels.loading}
        </p>
      ) : doc ? (
        <div
          className="text-sm leading-relaxed text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_h1]:mb-2 [&_h1]:text-lg [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:mb-1 [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 [&_table]:my-2 [&_td]:border [&_td]:border-slate-200 [&_td]:p-1 [&_th]:border [&_th]:border-slate-200 [&_th]:p-1 [&_ul]:list-disc [&_ul]:pl-5"
          dangerouslySetInnerHTML={{ __html: doc.html }}
        />
      ) : (
        <p className="text-sm text-slate-700">{labels.placeholder}</p>
      )}
    </Modal>
  );
}
