import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { SiteHeader } from '@/components/site-header';
import { SiteFooter } from '@/components/site-footer';
import { getClientTexts } from '@/lib/i18n/client-texts';
import { getSiteSettings } from '@/lib/site-data/site-settings';
import { fontPreloads, thaiFontFaceCss } from '@/lib/i18n/fonts';
import { ClientTextsProvider } from '@/components/i18n/client-texts';
import { ActionBarLoader } from '@/components/mobile/action-bar-loader';
import { TagManager } from '@/components/analytics/tag-manager';
import { ChatWidget } from '@/components/chat/chat-widget';

/**
 * The whole HTML document of a public page in `locale`: language, fonts, header, main and footer around `children`.
 * app/global-not-found.tsx renders it outside app/[locale]/layout.tsx, which draws the same document.
 */
export async function LocaleDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
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
          <ChatWidget />
        </ClientTextsProvider>
        <TagManager />
      </body>
    </html>
  );
}
