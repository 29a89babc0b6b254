'use client';

import { lazy, Suspense, useState } from 'react';
import type { WaitingListLabels } from './labels';
import { loadWaitingListDialog as loadDialog } from './load-dialog';

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
