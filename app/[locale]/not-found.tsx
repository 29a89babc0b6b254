import { getLocale } from 'next-intl/server';
import { DEFAULT_LOCALE, isLocale } from '@/lib/i18n/routing';
import { NotFoundContent } from '@/components/not-found-content';

/** A page of this locale that calls notFound() (unknown addresses get app/global-not-found.tsx instead). */
export default async function NotFound() {
  const locale = await getLocale();
  return <NotFoundContent locale={isLocale(locale) ? locale : DEFAULT_LOCALE} />;
}
