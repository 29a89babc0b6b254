import type { ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing } from '@/lib/i18n/routing';
import { SiteHeader } from '@/components/site-header';
import { SiteFooter } from '@/components/site-footer';
import { getClientTexts } from '@/lib/i18n/client-texts';
import { getSiteSettings } from '@/lib/settings/site';
import { ClientTextsProvider } from '@/components/i18n/client-texts';
import { fontPreloads, thaiFontFaceCss } from '@/lib/i18n/fonts';
import { ActionBarLoader } from '@/components/mobile/action-bar-loader';
import { TagManager } from '@/components/analytics/tag-manager';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return {
    metadataBase: new URL(process.env.SITE_URL ?? 'http://localhost:3000'),
    title: { default: t('siteTitle'), template: `%s | ${t('siteName')}` },
    description: t('siteDescription'),
    applicationName: t('siteName'),
    appleWebApp: { capable: true, title: t('siteName'), statusBarStyle: 'default' },
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = { themeColor: '#0f766e', width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const { contact } = await getSiteSettings();
  const texts = await getClientTexts(contact);
  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col font-sans">
        {/* React hoists these into <head>. */}
        <style href={`thai-font-${locale}`} precedence="default">
          {thaiFontFaceCss(locale)}
        </style>
        {fontPreloads(locale).map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <ClientTextsProvider texts={texts}>
          <SiteHeader />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
          <ActionBarLoader />
        </ClientTextsProvider>
        <TagManager />
      </body>
    </html>
  );
}
