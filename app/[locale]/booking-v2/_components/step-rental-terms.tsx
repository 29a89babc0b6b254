'use client';
import { CUSTOMER_NOTICE_DAYS } from '@/lib/portal/notice';
import { useLocale, useTranslations } from '@/lib/i18n/compiled-client';
import { formatTHB } from '@/lib/format/money';
import { MAX_TERM_DISCOUNT_PCT, TERM_CODES, TERMS, termPrice, type TermCode } from '@/lib/pricing';
import { RadioCard } from './ui';

export function StepRentalTerms({
  monthlyRate,
  value,
  onSelect,
}: {
  monthlyRate: number;
  value: TermCode | null;
  onSelect: (term: TermCode) => void;
}) {
  const t = useTranslations('booking.terms');
  const locale = useLocale();
  return (
    <fieldset className="space-y-4">
      <legend className="mb-4 text-sm text-gray-700">{t('subtitle', { percent: MAX_TERM_DISCOUNT_PCT })}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {TERM_CODES.map((code) => {
          const { months, discountPct } = TERMS[code];
          const price = monthlyRate > 0 ? termPrice(monthlyRate, code) : null;
          return (
            <RadioCard key={code} name="term" value={code} checked={value === code} onSelect={() => onSelect(code)}>
              <span className="flex items-start justify-between gap-2">
                <span className="text-base font-semibold text-gray-900">{t(`label.${code}`)}</span>
                {code === '6m' ? (
                  <span className="rounded-full bg-accent-400 px-2 py-0.5 text-xs font-bold text-gray-900">{t('recommended')}</span>
                ) : discountPct > 0 ? (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">{t('discount', { pct: discountPct })}</span>
                ) : null}
              </span>
              <span className="mt-1 block text-xs text-gray-600">
                {t('months', { count: months })}
                {code === '6m' ? ` · ${t('discount', { pct: discountPct })}` : ''}
              </span>
              {price ? (
                <span className="mt-2 block">
                  <span className="text-xl font-bold text-brand-800">{formatTHB(price.discounted, locale)}</span>
                  {price.saving > 0 ? (
                    <>
                      {' '}
                      <s className="text-sm text-gray-500">{formatTHB(price.full, locale)}</s>
                      <span className="mt-1 block text-sm font-medium text-green-800">{t('youSave', { amount: formatTHB(price.saving, locale) })}</span>
                    </>
                  ) : (
                    <span className="mt-1 block text-sm text-gray-600">{t('flexible', { days: CUSTOMER_NOTICE_DAYS })}</span>
                  )}
                </span>
              ) : null}
            </RadioCard>
          );
        })}
      </div>
    </fieldset>
  );
}
