'use client';

import { lazy, Suspense, useState } from 'react';
import { loadLegalDocument, type LegalDialogDocument } from './load-legal-document';
// The props' types live beside the lazily loaded view, so it imports nothing back (no file circle); a type import is erased.
import type { LegalDialogLabels } from './legal-dialog-view';
export type { LegalDialogLabels };

// The dialog itself (the shared modal and the document's view) loads when a visitor reaches for the button: these
// buttons are in every page's header and footer, and few visitors open them (README "Performance", script budget).
const loadView = () => import('./legal-dialog-view');
const LegalDialogView = lazy(() => loadView().then((m) => ({ default: m.LegalDialogView })));

type DocumentType = 'rental_agreement' | 'terms_conditions' | 'privacy_policy';

/**
 * A button that opens one legal document (terms, privacy or the agreement preview) in a dialog. With `href` (a page
 * showing the same document) it is a link until the page's scripts run, so a tap made before then opens that page
 * instead of being lost; from then on the tap opens the dialog and the link goes nowhere.
 */
export function LegalDialogButton({ type, labels, className, href }: { type: DocumentType; labels: LegalDialogLabels; className?: string; href?: string }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{
    status: 'idle' | 'loading' | 'done' | 'failed';
    doc: LegalDialogDocument;
  }>({ status: 'idle', doc: null });

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
      {href ? (
        <a
          href={href}
          role="button"
          onClick={(e) => {
            // A click meant for a new tab or window keeps the link's own behaviour.
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            show();
          }}
          onKeyDown={(e) => {
            // A button opens on Space as well as Enter; a link only on Enter.
            if (e.key !== ' ') return;
            e.preventDefault();
            show();
          }}
          onPointerEnter={() => void loadView()}
          onFocus={() => void loadView()}
          className={className}
        >
          {labels.button}
        </a>
      ) : (
        <button type="button" onClick={show} onPointerEnter={() => void loadView()} onFocus={() => void loadView()} className={className}>
          {labels.button}
        </button>
      )}
      {state.status !== 'idle' ? (
        <Suspense fallback={null}>
          <LegalDialogView open={open} onClose={() => setOpen(false)} labels={labels} status={state.status} doc={state.doc} />
        </Suspense>
      ) : null}
    </>
  );
}
