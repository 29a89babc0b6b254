import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { getUnitTypeListingOrNull } from '@/lib/site-data/unit-listing';
import { pageMetadata } from '@/lib/seo/metadata';
import { SpaceCalculator } from './space-calculator';
import type { CalculatorUnit } from '@/lib/space-calculator/recommend';
import { buildCalculatorTexts, type Translator } from './texts';
import { calculatorUnitCards } from './unit-cards';

export const generateMetadata = pageMetadata('spaceCalculator', '/space-calculator');

// Served from cache and refreshed when public data changes (docs/product-rules.md#caching).
export const revalidate = 10;

export default async function SpaceCalculatorPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The counter works without the database; only the recommendations need it, so a failed read leaves them out.
  const [t, listing] = await Promise.all([getTranslations('calculator'), getUnitTypeListingOrNull(locale, 'space-calculator')]);
  // Only what the calculator shows travels to the browser.
  const translator = t as unknown as Translator;
  const units: CalculatorUnit[] = (listing ?? []).map((u) => ({
    code: u.code,
    name: u.name,
    category: u.category,
    dimensions: u.dimensions,
    volumeCbm: u.volumeCbm,
    monthlyRate: u.monthlyRate,
    availableCount: u.availableCount,
  }));
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t('intro')}</p>
      {listing === null && (
        <p role="alert" className="mt-6 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {t('ratesUnavailable')}
        </p>
      )}
      <SpaceCalculator units={units} texts={buildCalculatorTexts(translator, locale)} cards={calculatorUnitCards(translator, units, locale)} />
    </div>
  );
}
