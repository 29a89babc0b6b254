import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { DEV_PAGES, devOnly } from '@/components/payments/dev-only';

export const dynamic = 'force-dynamic';
export const metadata = { robots: { index: false, follow: false } };

/** Development index of the payment test pages (404 in production). */
export default async function TestIndexPage({ params }: { params: Promise<{ locale: Locale }> }) {
  devOnly();
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('devPages');
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('indexTitle')}</h1>
      <p className="mt-2 text-gray-700">{t('indexBody')}</p>
      <ul className="mt-4 list-disc pl-6">
        {DEV_PAGES.map((p) => (
          <li key={p}>
            <Link href={p} className="text-brand-700 underline">
              {p}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
