import './globals.css';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getRequestLocale } from '@/lib/i18n/request-locale';
import { LocaleDocument } from '@/components/locale-document';
import { NotFoundContent } from '@/components/not-found-content';

/*
 * Any address no page matches (/nope, /th/nope, /faq/x). Next answers these with this document and status 404 at the
 * routing level. A catch-all page calling notFound() also answered 404, but Next then streamed an empty error shell
 * and the not-found text appeared only after JavaScript ran; here the text is in the HTML itself.
 */

// The proxy has already chosen the language from the address (or cookie / Accept-Language for unprefixed ones).
export async function generateMetadata(): Promise<Metadata> {
  const locale = await getRequestLocale();
  const t = await getTranslations({ locale, namespace: 'meta' });
  // No robots entry: Next adds <meta name="robots" content="noindex"> to every 404 answer.
  return { title: `${t('pages.notFound.title')} | ${t('siteName')}`, description: t('pages.notFound.description') };
}

export default async function GlobalNotFound() {
  const locale = await getRequestLocale();
  setRequestLocale(locale);
  return (
    <LocaleDocument locale={locale}>
      <NotFoundContent locale={locale} />
    </LocaleDocument>
  );
}
