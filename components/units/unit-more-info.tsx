'use client';

import { useState, type ReactNode } from 'react';
import { Modal } from './modal';

/** 'More Info' button and its dialog; the dialog body is rendered on the server and passed in. */
export function UnitMoreInfo({ label, title, children, footer, className }: { label: string; title: string; children: ReactNode; footer?: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className} aria-haspopup="dialog">
        {label}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={title} footer={footer}>
        {children}
      </Modal>
    </>
  );
}
