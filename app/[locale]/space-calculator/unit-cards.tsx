import type { ReactNode } from 'react';
import { formatTHB } from '@/lib/format/money';
import { localizedHref } from '@/lib/i18n/href';
import type { Locale } from '@/lib/i18n/routing';
import type { CalculatorUnit } from '@/lib/space-calculator/recommend';
import type { Translator } from './texts';
import { formatMeasure } from '@/lib/format/measures';

/**
 * Each unit type's card as the calculator recommends it, rendered on the server: everything on it depends on server
 * data only (price, availability, the booking link), so the browser code just picks which cards to show and marks the
 * best fit (README "Performance", the script budget).
 */
export function calculatorUnitCards(t: Translator, units: readonly CalculatorUnit[], locale: Locale): Record<string, ReactNode> {
  return Object.fromEntries(
    units.map((u) => {
      const soldOut = u.availableCount <= 0;
      return [
        u.code,
        <>
          <div className="flex items-start justify-between gap-2">
            <div>
              <h4 className="font-semibold text-slate-900">{u.name}</h4>
              <p className="text-sm text-slate-600">
                {t(u.category)} · {u.dimensions}
              </p>
              <p className="text-sm text-slate-600">{t('unitVolume', { volume: formatMeasure(u.volumeCbm ?? 0, locale) })}</p>
            </div>
            <p className="text-right text-lg font-bold text-brand-800">
              {formatTHB(u.monthlyRate, locale)}
              <span className="block text-xs font-normal text-slate-600">{t('perMonthShort')}</span>
            </p>
          </div>
          <div className="mt-3 flex items-center justify-between gap-2">
            <span className={`text-sm font-medium ${soldOut ? 'text-red-700' : 'text-slate-700'}`}>
              {soldOut ? t('soldOut') : t('available', { count: u.availableCount })}
            </span>
            {!soldOut && (
              // A plain link, as on every public page (lib/i18n/link.tsx): the wizard is a cached document. Its click
              // is reported by the page's click tracker (lib/analytics/attributes.ts).
              <a
                href={localizedHref(locale, { pathname: '/booking-v2', query: { unit: u.code } })}
                aria-label={t('bookUnit', { unit: u.name })}
                data-track="unit_selected"
                data-track-unit-type={u.code}
                data-track-source="space_calculator"
                className="rounded-lg bg-accent-400 px-4 py-2 font-semibold text-slate-900 hover:bg-accent-500"
              >
                {t('bookNow')}
              </a>
            )}
          </div>
        </>,
      ];
    }),
  );
}
