import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import type { Locale } from '@/lib/i18n/routing';
import { formatTHB } from '@/lib/format/money';
import { FIRST_MONTH_OFF_PCT } from '@/lib/pricing';
import { firstMonthPrice } from '@/lib/units/first-month-price';
import { availabilityRibbon, bannerTone, type BannerTone } from '@/lib/units/availability';
import type { UnitTypeListing } from '@/lib/site-data/unit-listing';
import { NotifyMeButton } from '@/components/waiting-list/notify-me-button';
import { waitingListLabels } from '@/components/waiting-list/labels';
import { trackAttributes } from '@/lib/analytics/attributes';
import { UnitImage } from './unit-image';
import { UnitMoreInfo } from './unit-more-info';
import { dialogFeatures } from './dialog-features';
import { formatMeasure } from '@/lib/format/measures';

const BANNER_CLASSES: Record<BannerTone, string> = {
  blue: 'bg-blue-100 text-blue-900',
  red: 'bg-red-100 text-red-900',
  orange: 'bg-orange-100 text-orange-900',
  green: 'bg-green-100 text-green-900',
};



/** One unit type on the home listing. Server-rendered; only the dialogs are client islands. */
export async function UnitCard({ unit, locale }: { unit: UnitTypeListing; locale: Locale }) {
  const [t, tw] = await Promise.all([getTranslations('units'), getTranslations('waitingList')]);
  const soldOut = unit.availableCount <= 0;
  const ribbon = availabilityRibbon(unit.availableCount);
  const priced = unit.monthlyRate > 0;
  const price = priced ? formatTHB(unit.monthlyRate, locale) : null;
  const firstMonth = priced ? firstMonthPrice(unit) : null;
  const features = dialogFeatures(unit.features, [t('defaultFeatures.pin'), t('defaultFeatures.cctv'), t('defaultFeatures.management')]);
  const sizeLine = [
    unit.areaSqm != null ? t('area', { value: formatMeasure(unit.areaSqm, locale) }) : null,
    unit.volumeCbm != null ? t('volume', { value: formatMeasure(unit.volumeCbm, locale) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const headingId = `unit-${unit.code}`;
  const bookHref = { pathname: '/booking-v2', query: { unit: unit.code } } as const;
  const primary = 'inline-flex flex-1 items-center justify-center rounded-md px-3 py-2 text-sm font-semibold';
  const availabilityText = soldOut ? t('soldOut') : t('available', { count: unit.availableCount });
  const notifyMe = soldOut ? (
    <NotifyMeButton
      unitTypeCode={unit.code}
      unitLabel={unit.name}
      label={t('notifyMe')}
      labels={waitingListLabels(tw, unit.name)}
      className={`${primary} bg-brand-700 text-white hover:bg-brand-800`}
    />
  ) : null;
  const track = trackAttributes('cta_click', { cta: 'book_now', unit_type: unit.code, source: 'unit_card' });

  return (
    <article aria-labelledby={headingId} data-unit={unit.code} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <UnitImage src={unit.imageUrl} alt={unit.name} placeholder={t('noImage')} className="aspect-[4/3] w-full" />
        {ribbon === 'almost_sold_out' || ribbon === 'limited' ? (
          <span className={`absolute top-3 left-3 rounded-full px-2.5 py-1 text-xs font-bold shadow ${ribbon === 'almost_sold_out' ? 'bg-red-700 text-white' : 'bg-amber-300 text-amber-950'}`}>
            {ribbon === 'almost_sold_out' ? t('almostSoldOut') : t('limited')}
          </span>
        ) : null}
        {soldOut ? (
          <div className="absolute inset-0 flex items-center justify-center bg-slate-900/60">
            <span className="rotate-[-8deg] rounded border-2 border-white px-4 py-1 text-xl font-extrabold tracking-wider text-white">{t('soldOut')}</span>
          </div>
        ) : (
          <span className="absolute top-3 right-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-900 shadow">
            {t('available', { count: unit.availableCount })}
          </span>
        )}
      </div>
      {unit.banner ? <p className={`px-4 py-1.5 text-center text-sm font-semibold ${BANNER_CLASSES[bannerTone(unit.bannerEn ?? unit.banner)]}`}>{unit.banner}</p> : null}
      <div className="flex flex-1 flex-col p-4">
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {unit.name}
        </h3>
        <p className="text-sm text-slate-700">{unit.dimensions}</p>
        {sizeLine ? <p className="text-sm text-slate-600">{sizeLine}</p> : null}
        <p className="mt-3 text-xl font-bold text-brand-800">{price ? t('fromPerMonth', { price }) : t('priceOnRequest')}</p>
        {firstMonth != null ? (
          <p className="mt-1 rounded-md bg-green-50 px-2 py-1 text-sm font-medium text-green-900">
            {t('firstMonthOffer', { percent: FIRST_MONTH_OFF_PCT, price: formatTHB(firstMonth, locale) })}
          </p>
        ) : null}
        <div className="mt-auto flex gap-2 pt-4">
          <UnitMoreInfo
            details={{
              name: unit.name,
              imageUrl: unit.imageUrl,
              dimensions: unit.dimensions,
              sizeLine,
              availability: availabilityText,
              soldOut,
              price: price ? t('fromPerMonth', { price }) : null,
              description: unit.description,
              features,
            }}
            labels={{
              moreInfo: t('moreInfo'),
              dimensions: t('dimensionsLabel'),
              availability: t('availabilityLabel'),
              features: t('featuresLabel'),
              noImage: t('noImage'),
            }}
            className={`${primary} border border-slate-300 text-slate-800 hover:bg-slate-50`}
            footer={
              soldOut ? (
                notifyMe
              ) : priced ? (
                <Link href={bookHref} {...track} className="rounded-md bg-accent-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-accent-400">
                  {t('bookNow')}
                </Link>
              ) : undefined
            }
          />
          {soldOut ? (
            notifyMe
          ) : priced ? (
            <Link href={bookHref} {...track} className={`${primary} bg-accent-500 text-slate-950 hover:bg-accent-400`}>
              {t('bookNow')}
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}
