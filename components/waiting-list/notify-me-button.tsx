'use client';

import { lazy, Suspense, useState } from 'react';
import type { WaitingListLabels } from './labels';

// The dialog (its form, checks and server action, about 2.6 kB) loads when a visitor reaches for the button, not with
// every page that lists units; a pointer or focus on the button starts the download before the click.
const loadDialog = () => import('./waiting-list-dialog');
const WaitingListDialog = lazy(() => loadDialog().then((m) => ({ default: m.WaitingListDialog })));

/** 'Notify Me' on a sold-out unit card; opens the waiting-list dialog. */
export function NotifyMeButton({
  unitTypeCode,
  unitLabel,
  label,
  labels,
  className,
}: {
  unitTypeCode: string;
  unitLabel: string;
  label: string;
  labels: WaitingListLabels;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps what the visitor typed, as before.
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className={className}
      >
        {label}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <WaitingListDialog unitTypeCode={unitTypeCode} unitLabel={unitLabel} labels={labels} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
