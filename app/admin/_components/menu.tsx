'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
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

/**
 * A section link of the staff menu that says which section the page belongs to (aria-current="page"): its own
 * address or one below it; the dashboard (`/admin`) only on itself, and a booking review counts as bookings.
 */
export function SectionLink({ href, others, className, children }: { href: string; others: readonly string[]; className: string; children: ReactNode }) {
  const pathname = usePathname() ?? '';
  const path = pathname.startsWith('/admin/booking-review') ? '/admin/bookings' : pathname;
  const within = (h: string) => (h === '/admin' ? path === h : path === h || path.startsWith(`${h}/`));
  // The longest matching section wins (a section nested in another's address is its own).
  const current = within(href) && !others.some((o) => o.length > href.length && within(o));
  return (
    <Link href={href} aria-current={current ? 'page' : undefined} className={`${className} ${current ? 'font-semibold text-brand-800 underline' : 'text-slate-800'}`}>
      {children}
    </Link>
  );
}
