import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { getUnitTypeListing } from '@/lib/units/queries';
import { formatTHB } from '@/lib/format/money';
import { pageMetadata } from '@/lib/seo/metadata';

export const generateMetadata = pageMetadata('home', '/');

export default async function HomePage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await connection();
  const [t, units] = await Promise.all([getTranslations('home'), getUnitTypeListing(locale)]);
  return (
    <>
      <section className="bg-brand-800 px-4 py-16 text-white">
        <div className="mx-auto max-w-6xl">
          <h1 className="text-3xl font-bold sm:text-5xl">{t('heroTitle')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">{t('heroSubtitle')}</p>
        </div>
      </section>
      <section id="units" className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="units-title">
        <h2 id="units-title" className="text-2xl font-bold">{t('unitsTitle')}</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {units.map((u) => (
            <li key={u.code} className="rounded-lg border border-slate-200 p-4">
              <h3 className="font-semibold">{u.name}</h3>
              <p className="text-sm text-slate-600">{u.dimensions}</p>
              <p className="mt-2 text-lg font-bold text-brand-800">
                {t('perMonth', { price: formatTHB(u.monthlyRate, locale) })}
              </p>
              <p className="text-sm">{u.availableCount > 0 ? t('available', { count: u.availableCount }) : t('soldOut')}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
