'use client';

import { lazy, Suspense, useState, type ReactNode } from 'react';
// The props' types live beside the lazily loaded view, so it imports nothing back (no file circle); a type import is erased.
import type { UnitDetails, UnitDetailsLabels } from './unit-more-info-dialog';
export type { UnitDetails, UnitDetailsLabels };

// The dialog (the shared modal and the unit's details) loads when a visitor reaches for the button rather than with
// every page that lists units (README "Performance", script budget); a pointer or focus on the button starts it.
const loadDialog = () => import('./unit-more-info-dialog');
const UnitMoreInfoDialog = lazy(() => loadDialog().then((m) => ({ default: m.UnitMoreInfoDialog })));

/**
 * 'More Info' button and its dialog. The dialog is drawn from the unit's data rather than passed in as rendered
 * markup: ten cards' worth of dialog markup would otherwise travel in every home page's payload, unseen until opened.
 */
export function UnitMoreInfo({
  details,
  labels,
  footer,
  className,
}: {
  details: UnitDetails;
  labels: UnitDetailsLabels;
  footer?: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className={className}
        aria-haspopup="dialog"
      >
        {labels.moreInfo}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <UnitMoreInfoDialog open={open} onClose={() => setOpen(false)} details={details} labels={labels} footer={footer} />
        </Suspense>
      ) : null}
    </>
  );
}
