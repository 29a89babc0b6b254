import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getLocale } from 'next-intl/server';
import '../globals.css';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The staff area's document. A stand-in until the staff shell (navigation, sign-in) is merged: that layout replaces
 * this file; the conversations pages need nothing from it but <html> and <body>.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900">
        <main id="main" className="mx-auto max-w-7xl px-4 py-6">
          {children}
        </main>
      </body>
    </html>
  );
}
