import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import type { Locale } from '@/lib/i18n/routing';

/** The localized body of the not-found page: shared by unknown addresses and pages that call notFound(). */
export async function NotFoundContent({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'notFound' });
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <p aria-hidden="true" className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mt-3 text-lg text-slate-700">{t('text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/" locale={locale} className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('home')}
        </Link>
        <Link href="/faq" locale={locale} className="rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50">
          {t('faq')}
        </Link>
      </div>
    </div>
  );
}
