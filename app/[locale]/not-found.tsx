import { getRequestLocale } from '@/lib/i18n/request-locale';
import { NotFoundContent } from '@/components/not-found-content';

/** A page of this locale that calls notFound() (unknown addresses get app/global-not-found.tsx instead). */
export default async function NotFound() {
  return <NotFoundContent locale={await getRequestLocale()} />;
}
