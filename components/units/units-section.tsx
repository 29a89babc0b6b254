import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { formatTHB } from '@/lib/format/money';
import { INSURANCE_LEVELS, insuranceCoverSatang, SETUP_FEE, TERMS } from '@/lib/pricing';
import type { UnitTypeListing } from '@/lib/site-data/unit-listing';
import { UnitCard } from './unit-card';

/** The home listing (#units): every unit type with live availability and rates, then the money facts in brief. */
export async function UnitsSection({ units, locale }: { units: UnitTypeListing[] | null; locale: Locale }) {
  const t = await getTranslations('units');
  const topInsurance = INSURANCE_LEVELS[INSURANCE_LEVELS.length - 1];
  return (
    <section id="units" aria-labelledby="units-title" className="render-when-visible scroll-mt-4 bg-slate-50 py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="units-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('title')}
        </h2>
        <p className="mt-2 max-w-2xl text-slate-700">{t('subtitle')}</p>
        {units === null ? (
          <p role="alert" className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
            {t('loadFailed')}
          </p>
        ) : units.length === 0 ? (
          <p className="mt-8 rounded-lg border border-slate-200 bg-white p-4 text-slate-800">{t('noneListed')}</p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {units.map((unit) => (
              <li key={unit.code} className="flex">
                <UnitCard unit={unit} locale={locale} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 rounded-xl border border-slate-200 bg-white p-5">
          <h3 className="font-semibold text-slate-900">{t('goodToKnow.title')}</h3>
          <ul className="mt-3 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
            <li>
              {t('goodToKnow.prepaid', {
                p3: TERMS['3m'].discountPct,
                p6: TERMS['6m'].discountPct,
                p12: TERMS['12m'].discountPct,
              })}
            </li>
            <li>{t('goodToKnow.deposit')}</li>
            <li>
              {t('goodToKnow.insurance', {
                price: formatTHB(topInsurance, locale),
                cover: formatTHB(insuranceCoverSatang(topInsurance), locale),
              })}
            </li>
            <li>{t('goodToKnow.setupFee', { price: formatTHB(SETUP_FEE, locale) })}</li>
          </ul>
        </div>
      </div>
    </section>
  );
}
