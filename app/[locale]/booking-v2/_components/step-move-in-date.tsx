'use client';
import { useMemo } from 'react';
import { useLocale, useTranslations } from '@/lib/i18n/compiled-client';
import { addDaysISO, calendarDayParts, formatLongDate, moveInWindow, MOVE_IN_WINDOW_DAYS } from '@/lib/dates/bangkok';
import { primaryButton } from './ui';

export function StepMoveInDate({
  value,
  onChange,
  onContinue,
}: {
  value: string | null;
  onChange: (iso: string) => void;
  onContinue: () => void;
}) {
  const t = useTranslations('booking.date');
  const locale = useLocale();
  // The window is computed in Asia/Bangkok whatever the visitor's device zone (docs/product-rules.md#booking-lifecycle).
  const days = useMemo(() => {
    const { min } = moveInWindow();
    return Array.from({ length: MOVE_IN_WINDOW_DAYS + 1 }, (_, i) => addDaysISO(min, i));
  }, []);
  const valid = value != null && days.includes(value);

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">{t('subtitle', { days: MOVE_IN_WINDOW_DAYS })}</p>
      <div role="radiogroup" aria-label={t('calendarLabel')} className="grid grid-cols-4 gap-2 sm:grid-cols-7">
        {days.map((iso, i) => {
          const parts = calendarDayParts(iso, locale);
          const checked = value === iso;
          return (
            <button
              key={iso}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={formatLongDate(iso, locale)}
              data-date={iso}
              onClick={() => onChange(iso)}
              className={`flex min-h-16 flex-col items-center justify-center rounded-lg border-2 p-1 text-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-200 bg-white text-gray-900 hover:border-brand-100'
              }`}
            >
              <span className="text-[11px] uppercase">{i === 0 ? t('today') : parts.weekday}</span>
              <span className="text-lg font-bold leading-tight">{parts.day}</span>
              <span className="text-[11px]">{parts.month}</span>
            </button>
          );
        })}
      </div>
      <p className="text-base font-medium text-gray-900" aria-live="polite">
        {valid ? t('selected', { date: formatLongDate(value, locale) }) : t('none')}
      </p>
      <button type="button" className={primaryButton} disabled={!valid} onClick={onContinue}>
        {t('continue')}
      </button>
    </div>
  );
}
