'use client';
import { useLocale, useTranslations } from '@/lib/i18n/compiled-client';
import { formatTHB } from '@/lib/format/money';
import type { QuoteOutcome } from './wizard-quote';

/** Compact "due today + monthly rate" line from step 4 on, from the same quote routine as the review. */
export function RunningTotal({ quote, monthlyRate }: { quote: QuoteOutcome; monthlyRate: number | null }) {
  const t = useTranslations('booking.runningTotal');
  const locale = useLocale();
  return (
    <div className="flex items-baseline justify-between gap-3 text-sm" role="status" aria-label={t('label')} data-testid="running-total">
      <span className="text-gray-700">
        {t('dueToday')}:{' '}
        <strong className="text-base text-gray-900" data-testid="running-total-today">
          {quote.status === 'ok' ? formatTHB(quote.quote.totalDueToday, locale) : quote.status === 'error' ? t('unavailable') : '—'}
        </strong>
      </span>
      {monthlyRate && monthlyRate > 0 ? <span className="text-gray-700">{t('monthly', { price: formatTHB(monthlyRate, locale) })}</span> : null}
    </div>
  );
}
