'use client';

import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';

/**
 * The staff menu on a phone: a button that opens and closes the section list (always open from the `lg` width up).
 * The links are rendered on the server and passed in. Without JavaScript the list simply stays open (see the
 * noscript rule in nav.tsx), so nothing is out of reach.
 */
export function AdminMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  // A followed link closes the menu: the layout stays mounted across client navigations.
  const closeOnLink = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('a')) setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="admin-menu"
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md border border-slate-300 px-2 sm:px-3 text-sm font-semibold text-slate-800 lg:hidden"
      >
        <span aria-hidden="true" className="text-lg leading-none">
          {open ? '×' : '☰'}
        </span>
        <span className="sr-only sm:not-sr-only">{label}</span>
      </button>
      <div id="admin-menu" data-open={open ? 'true' : 'false'} onClick={closeOnLink} className={`admin-menu order-last w-full basis-full ${open ? 'block' : 'hidden'} lg:block`}>
        {children}
      </div>
    </>
  );
}

/** "/" anywhere on a staff page (outside a field) puts the cursor in the header's search box. */
export function SearchShortcut({ inputId }: { inputId: string }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      if (!input) return;
      e.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [inputId]);
  return null;
}
