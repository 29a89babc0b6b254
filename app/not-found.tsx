import { getTranslations } from 'next-intl/server';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { NotFoundContent } from '@/components/not-found-content';

/*
 * Reached only when notFound() is thrown above app/[locale] — an address whose first segment is not a language and
 * that the proxy skips (e.g. /nope.html) — so it speaks the default language. Next renders this file with every page
 * as the root boundary, so it stays cheap: messages only, no header, footer or database.
 */
export async function generateMetadata() {
  const t = await getTranslations({ locale: DEFAULT_LOCALE, namespace: 'meta' });
  return { title: `${t('pages.notFound.title')} | ${t('siteName')}` };
}

export default function RootNotFound() {
  return (
    <html lang={DEFAULT_LOCALE}>
      <body className="font-sans">
        <main id="main">
          <NotFoundContent locale={DEFAULT_LOCALE} />
        </main>
      </body>
    </html>
  );
}
