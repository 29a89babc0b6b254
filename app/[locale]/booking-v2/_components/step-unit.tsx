'use client';
import { useState } from 'react';
import { useLocale, useTranslations } from '@/lib/i18n/compiled-client';
import { formatTHB } from '@/lib/format/money';
import { availabilityRibbon, bannerTone } from '@/lib/units/availability';
import type { WizardUnitType } from '@/lib/booking/wizard-data';
import { loadWaitingListDialog } from '@/components/waiting-list/load-dialog';
import { Notice, RefreshButton, primaryButton, secondaryButton } from './ui';
import { FIRST_MONTH_OFF_PCT } from '@/lib/pricing/catalog';

const BANNER_STYLES = {
  blue: 'bg-blue-700 text-white',
  red: 'bg-red-700 text-white',
  orange: 'bg-orange-700 text-white',
  green: 'bg-green-700 text-white',
} as const;

export function StepUnit({
  units,
  selectedCode,
  ready,
  filter,
  onSelect,
  onJoinWaitingList,
}: {
  units: WizardUnitType[] | null;
  selectedCode: string | null;
  /**
   * The page is a cached shell (server HTML first): a tap before React takes it over would do nothing at all, and one
   * before the customer's own draft is back (booking-wizard.tsx) would be overwritten by it.
   */
  ready: boolean;
  /** ?unit_type=: a unit code or a category to narrow the list to */
  filter: string | null;
  onSelect: (code: string) => void;
  onJoinWaitingList: (unit: WizardUnitType) => void;
}) {
  const t = useTranslations('booking.unit');
  const locale = useLocale();
  const [showAll, setShowAll] = useState(false);

  if (!units) {
    return <Notice tone="error" title={t('loadErrorTitle')} action={<RefreshButton label={t('refresh')} />}>{t('loadErrorBody')}</Notice>;
  }
  const matching = filter ? units.filter((u) => u.code === filter || u.category === filter) : [];
  const filtered = !showAll && matching.length > 0;
  const shown = filtered ? matching : units;
  if (shown.length === 0) return <p className="text-gray-700">{t('empty')}</p>;

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">{t('subtitle')}</p>
      {filtered ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-gray-700">{t('filtered')}</span>
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => setShowAll(true)}>
            {t('showAll')}
          </button>
        </div>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {shown.map((unit) => {
          const ribbon = availabilityRibbon(unit.availableCount);
          const selected = unit.code === selectedCode;
          const priced = unit.monthlyRate > 0;
          return (
            <li
              key={unit.code}
              data-unit={unit.code}
              className={`relative flex flex-col overflow-hidden rounded-xl border-2 bg-white ${selected ? 'border-brand-600 ring-2 ring-brand-100' : 'border-gray-200'}`}
            >
              {unit.banner ? (
                <p className={`px-4 py-1.5 text-center text-xs font-bold uppercase tracking-wide ${BANNER_STYLES[bannerTone(unit.bannerEn ?? unit.banner)]}`}>
                  {unit.banner}
                </p>
              ) : null}
              <div className="flex gap-4 p-4">
                {unit.imageUrl ? (
                  // eslint-disable-next-line @next/next/no-img-element -- small local SVG illustrations; next/image adds nothing here
                  <img src={unit.imageUrl} alt="" width={80} height={80} className="h-20 w-20 shrink-0 rounded-lg bg-gray-50 object-contain" />
                ) : (
                  <div className="flex h-20 w-20 shrink-0 items-center justify-center rounded-lg bg-gray-100 p-1 text-center text-[11px] text-gray-600">
                    {t('noImage')}
                  </div>
                )}
                <div className="min-w-0 flex-1">
                  <h3 className="text-base font-semibold text-gray-900">{unit.name}</h3>
                  <p className="text-xs text-gray-600">
                    {t(`category.${unit.category}`)} · {unit.dimensions}
                  </p>
                  <p className="mt-1 text-lg font-bold text-brand-800">
                    {priced ? t('perMonth', { price: formatTHB(unit.monthlyRate, locale) }) : t('priceUnavailable')}
                  </p>
                  {unit.pricingMode === 'first_month_off' ? <p className="text-xs font-medium text-green-800">{t('firstMonthOff', { percent: FIRST_MONTH_OFF_PCT })}</p> : null}
                  {ribbon ? (
                    <p
                      className={`mt-1 inline-block rounded px-2 py-0.5 text-xs font-semibold ${
                        ribbon === 'sold_out' ? 'bg-gray-800 text-white' : ribbon === 'almost_sold_out' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'
                      }`}
                    >
                      {t(ribbon === 'sold_out' ? 'soldOut' : ribbon === 'almost_sold_out' ? 'almostSoldOut' : 'limited')}
                    </p>
                  ) : null}
                </div>
              </div>
              <div className="mt-auto px-4 pb-4">
                {unit.availableCount <= 0 ? (
                  <button
                    type="button"
                    className={`${secondaryButton} w-full`}
                    disabled={!ready}
                    onPointerEnter={() => void loadWaitingListDialog()}
                    onFocus={() => void loadWaitingListDialog()}
                    onClick={() => onJoinWaitingList(unit)}
                  >
                    {t('joinWaitingList')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className={`${primaryButton} w-full`}
                    aria-pressed={selected}
                    aria-label={`${t('continue')}: ${unit.name}`}
                    // A unit without a positive price can't be booked (DECISIONS: never priced at a made-up rate).
                    disabled={!priced || !ready}
                    onClick={() => priced && onSelect(unit.code)}
                  >
                    {selected ? `✓ ${t('continue')}` : t('continue')}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
