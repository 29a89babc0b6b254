'use client';

import { useState } from 'react';
import { WaitingListDialog } from './waiting-list-dialog';
import type { WaitingListLabels } from './labels';

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
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        {label}
      </button>
      <WaitingListDialog unitTypeCode={unitTypeCode} unitLabel={unitLabel} labels={labels} open={open} onOpenChange={setOpen} />
    </>
  );
}
