'use client';

import { useState, type ReactNode } from 'react';
import { useModalDialog } from '@/components/units/use-modal-dialog';

/**
 * The slide-out navigation below the 1024 px breakpoint. A native modal <dialog> gives focus trapping and Escape;
 * `links` carry localized hrefs, `extra` is server-rendered content (contact links, contract preview) under the links.
 */
export function MobileMenu({
  links,
  labels,
  extra,
}: {
  links: { href: string; label: string }[];
  labels: { open: string; close: string; title: string };
  extra?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const dialogProps = useModalDialog(open, () => setOpen(false));

  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen(true)}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 lg:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
        <span className="sr-only">{labels.open}</span>
      </button>
      <dialog
        id="mobile-menu"
        {...dialogProps}
        aria-label={labels.title}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-80 max-w-[85vw] bg-white p-0 shadow-2xl backdrop:bg-slate-900/50"
      >
        {/* Rendered only while open: every page would otherwise carry (and hydrate) a second copy of the navigation. */}
        {open ? (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
              <span className="font-semibold text-slate-900">{labels.title}</span>
              <button
                type="button"
                aria-expanded={open}
                aria-controls="mobile-menu"
                onClick={() => setOpen(false)}
                className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
              >
                <span aria-hidden="true" className="text-2xl leading-none">×</span>
                <span className="sr-only">{labels.close}</span>
              </button>
            </div>
            <nav aria-label={labels.title} className="flex-1 overflow-y-auto px-2 py-2">
              <ul>
                {links.map((l) => (
                  <li key={l.href}>
                    <a href={l.href} onClick={() => setOpen(false)} className="block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-brand-50">
                      {l.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {extra ? <div className="border-t border-slate-200 px-4 py-4">{extra}</div> : null}
          </div>
        ) : null}
      </dialog>
    </>
  );
}
