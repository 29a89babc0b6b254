'use client';
import { useLocale, useTranslations } from '@/lib/i18n/compiled-client';
import { formatTHB } from '@/lib/format/money';
import { MAX_SUPPLY_QTY, type SupplyId } from '@/lib/pricing';
import type { WizardSupply } from '@/lib/booking/wizard-data';
import { primaryButton, secondaryButton } from './ui';
import { suppliesTotal } from './wizard-rules';

export function StepSupplies({
  supplies,
  quantities,
  onChange,
  onSkip,
  onContinue,
}: {
  supplies: WizardSupply[];
  quantities: Partial<Record<SupplyId, number>>;
  onChange: (id: SupplyId, qty: number) => void;
  onSkip: () => void;
  onContinue: () => void;
}) {
  const t = useTranslations('booking.supplies');
  const locale = useLocale();
  const total = suppliesTotal(supplies, quantities);
  const stepBtn =
    'flex h-11 w-11 items-center justify-center rounded-full border border-gray-300 bg-white text-xl font-bold text-gray-800 hover:bg-gray-50 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">{t('subtitle')}</p>
      {supplies.length === 0 ? <p className="text-gray-700">{t('empty')}</p> : null}
      <ul className="space-y-3">
        {supplies.map((s) => {
          const qty = quantities[s.id] ?? 0;
          return (
            <li key={s.id} data-supply={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white p-4">
              <div className="min-w-0">
                <p className="font-semibold text-gray-900">{s.name}</p>
                <p className="text-sm text-gray-600">{t('each', { price: formatTHB(s.priceSatang, locale) })}</p>
                {qty > 0 ? <p className="text-sm font-medium text-brand-800">{t('lineTotal', { amount: formatTHB(s.priceSatang * qty, locale) })}</p> : null}
              </div>
              <div className="flex items-center gap-2">
                <button type="button" className={stepBtn} aria-label={t('decrease', { name: s.name })} disabled={qty <= 0} onClick={() => onChange(s.id, Math.max(0, qty - 1))}>
                  −
                </button>
                <output aria-label={t('quantity', { name: s.name })} aria-live="polite" className="w-8 text-center text-lg font-semibold tabular-nums">
                  {qty}
                </output>
                <button
                  type="button"
                  className={stepBtn}
                  aria-label={t('increase', { name: s.name })}
                  disabled={qty >= MAX_SUPPLY_QTY}
                  onClick={() => onChange(s.id, Math.min(MAX_SUPPLY_QTY, qty + 1))}
                >
                  +
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-base font-semibold text-gray-900" aria-live="polite">
        {t('total', { amount: formatTHB(total, locale) })}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={primaryButton} onClick={onContinue}>
          {total > 0 ? t('continueWithTotal', { amount: formatTHB(total, locale) }) : t('continue')}
        </button>
        <button type="button" className={secondaryButton} onClick={onSkip}>
          {t('skip')}
        </button>
      </div>
    </div>
  );
}
