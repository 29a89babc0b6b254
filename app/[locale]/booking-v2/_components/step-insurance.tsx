'use client';
import { useId } from 'react';
import { useLocale, useTranslations } from '@/lib/i18n/compiled-client';
import { formatTHB } from '@/lib/format/money';
import { insuranceCoverSatang } from '@/lib/pricing';

const COVERED = ['fire', 'flood', 'theft', 'disaster'] as const;
const NOT_COVERED = ['cash', 'documents', 'hazardous', 'perishables'] as const;

export function StepInsurance({
  levels,
  value,
  onSelect,
}: {
  /** satang per month, without 0 */
  levels: number[];
  value: number | null;
  onSelect: (monthly: number) => void;
}) {
  const t = useTranslations('booking.insurance');
  const locale = useLocale();
  const id = useId();
  return (
    <div className="space-y-5">
      <p className="text-sm text-gray-700">{t('subtitle')}</p>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-900">
          {t('label')}
        </label>
        <select
          id={id}
          value={value == null ? '' : String(value)}
          onChange={(e) => e.target.value !== '' && onSelect(Number(e.target.value))}
          className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900"
        >
          <option value="" disabled>
            {t('placeholder')}
          </option>
          <option value="0">{t('none')}</option>
          {levels.map((m) => (
            <option key={m} value={String(m)}>
              {t('option', { price: formatTHB(m, locale), cover: formatTHB(insuranceCoverSatang(m), locale) })}
            </option>
          ))}
        </select>
        {value != null ? (
          <p className="mt-2 text-sm font-medium text-gray-900" aria-live="polite">
            {value > 0 ? t('selected', { cover: formatTHB(insuranceCoverSatang(value), locale), price: formatTHB(value, locale) }) : t('noneNote')}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <section className="rounded-lg border border-green-200 bg-green-50 p-4">
          <h3 className="font-semibold text-green-900">{t('coveredTitle')}</h3>
          <ul className="mt-2 space-y-1 text-sm text-green-900">
            {COVERED.map((k) => (
              <li key={k}>✓ {t(`covered.${k}`)}</li>
            ))}
          </ul>
        </section>
        <section className="rounded-lg border border-red-200 bg-red-50 p-4">
          <h3 className="font-semibold text-red-900">{t('notCoveredTitle')}</h3>
          <ul className="mt-2 space-y-1 text-sm text-red-900">
            {NOT_COVERED.map((k) => (
              <li key={k}>✗ {t(`notCovered.${k}`)}</li>
            ))}
          </ul>
        </section>
      </div>
      <p className="text-xs text-gray-600">{t('note')}</p>
    </div>
  );
}
