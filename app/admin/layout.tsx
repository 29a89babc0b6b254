import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminFrame } from '@/lib/admin/guard';
import { toLocale } from '@/lib/i18n/routing';
import { fontPreloads, thaiFontFaceCss } from '@/lib/i18n/fonts';
import { AdminNav } from './_components/nav';
import { FormTextsProvider } from './_components/form-texts';
import { StaffAlertsBadge } from './_components/staff-alerts-badge';
import './admin.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('admin');
  return { title: { default: t('title'), template: `%s | ${t('title')}` }, robots: { index: false, follow: false } };
}

/**
 * The staff area's document, in the staff member's language (English or Thai). The navigation shows only what the
 * signed-in role may open; every page still checks the role itself (a layout is not a guard).
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const [locale, t, { user, db }] = await Promise.all([getLocale(), getTranslations('admin.form'), adminFrame()]);
  // Raw so the client fills in the field name itself.
  const texts = { working: t('working'), saved: t('saved'), fieldProblem: t.raw('fieldProblem') as string };
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900">
        {/* Thai staff pages (and Thai names anywhere) need a Thai face where the system has none; React hoists these. */}
        <style href={`thai-font-admin-${locale}`} precedence="default">
          {thaiFontFaceCss(toLocale(locale))}
        </style>
        {fontPreloads(toLocale(locale)).map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <FormTextsProvider texts={texts}>
          {user ? <AdminNav user={user} /> : null}
          {user ? <StaffAlertsBadge db={db} /> : null}
          <main id="main" className="mx-auto max-w-7xl px-3 py-4 sm:px-4 sm:py-6">
            {children}
          </main>
        </FormTextsProvider>
      </body>
    </html>
  );
}
