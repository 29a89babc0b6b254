'use client';

import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';

/**
 * Props for a native modal <dialog> driven by `open`: showModal()/close() follow the state, and Escape or a click on
 * the backdrop (which lands on the <dialog> element itself) call `onClose`.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return {
    ref,
    // React bubbles a nested dialog's close event through its ancestors (the contract dialog inside the mobile menu):
    // only this dialog's own closing counts.
    onClose: (e: SyntheticEvent<HTMLDialogElement>) => {
      if (e.target === e.currentTarget) onClose();
    },
    onClick: (e: MouseEvent<HTMLDialogElement>) => {
      if (e.target === e.currentTarget) onClose();
    },
  };
}
