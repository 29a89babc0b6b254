import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { SiteHeader } from '@/components/site-header';
import { SiteFooter } from '@/components/site-footer';
import { pickClientMessages } from '@/lib/i18n/client-messages';
import { fontPreloads, thaiFontFaceCss } from '@/lib/i18n/fonts';
import { ActionBarLoader } from '@/components/mobile/action-bar-loader';
import { TagManager } from '@/components/analytics/tag-manager';

// The error boundary and the installed app's action bar render under this provider.
const DOCUMENT_CLIENT_NAMESPACES = ['errorPage', 'actionBar'];

/**
 * The whole HTML document of a public page in `locale`: language, fonts, header, main and footer around `children`.
 * app/global-not-found.tsx renders it outside app/[locale]/layout.tsx, which draws the same document.
 */
export async function LocaleDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
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
        <NextIntlClientProvider locale={locale} messages={pickClientMessages(messages, DOCUMENT_CLIENT_NAMESPACES)}>
          <SiteHeader />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
          <ActionBarLoader />
        </NextIntlClientProvider>
        <TagManager />
      </body>
    </html>
  );
}
