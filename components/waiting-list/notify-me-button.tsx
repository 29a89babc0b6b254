'use client';

import { useState } from 'react';
import { WaitingListDialog } from './waiting-list-dialog';

/** 'Notify Me' on a sold-out unit card; opens the waiting-list dialog. */
export function NotifyMeButton({ unitTypeCode, unitLabel, label, className }: { unitTypeCode: string; unitLabel: string; label: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        {label}
      </button>
      <WaitingListDialog unitTypeCode={unitTypeCode} unitLabel={unitLabel} open={open} onOpenChange={setOpen} />
    </>
  );
}
