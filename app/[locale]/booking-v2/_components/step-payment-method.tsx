'use client';
import { useTranslations } from '@/lib/i18n/compiled-client';
import { PAYMENT_METHODS, type PaymentMethod } from '@/lib/pricing';
import type { WizardPaymentStatus } from '@/lib/booking/draft';
import { Notice, RadioCard } from './ui';
import { holdCopyValues } from '@/lib/holds/rules';

const NOTES: Record<PaymentMethod, readonly ('n1' | 'n2' | 'n3')[]> = {
  card: ['n1', 'n2', 'n3'],
  promptpay: ['n1', 'n2'],
  bank_transfer: ['n1', 'n2'],
  crypto: ['n1', 'n2'],
  cash: ['n1', 'n2'],
};

export function StepPaymentMethod({
  value,
  status,
  unavailable = [],
  lastUnitOf = null,
  onSelect,
}: {
  value: PaymentMethod | null;
  status: WizardPaymentStatus | null;
  /** methods that cannot be used now: shown, disabled, with the reason (docs/product-rules.md#payment-methods-that-cannot-be-used) */
  unavailable?: readonly PaymentMethod[];
  /** the unit type's name when only its last free unit is left, which no unpaid booking holds (docs/product-rules.md#inventory) */
  lastUnitOf?: string | null;
  onSelect: (method: PaymentMethod) => void;
}) {
  const t = useTranslations('booking.payment');
  const tb = useTranslations('booking');
  return (
    <fieldset className="space-y-3">
      <legend className="mb-4 text-sm text-gray-700">{t('subtitle')}</legend>
      {lastUnitOf ? (
        <Notice tone="warning" title={tb('lastUnit.title', { unitType: lastUnitOf })}>
          {tb('lastUnit.body')}
        </Notice>
      ) : null}
      {PAYMENT_METHODS.map((method) => {
        const off = unavailable.includes(method);
        return (
        <RadioCard key={method} name="paymentMethod" value={method} checked={value === method && !off} disabled={off} onSelect={() => onSelect(method)}>
          <span className="flex items-start justify-between gap-2">
            <span className="text-base font-semibold text-gray-900">{t(`methods.${method}.label`)}</span>
            {method === 'card' && !off ? <span className="rounded-full bg-accent-400 px-2 py-0.5 text-xs font-bold text-gray-900">{t('recommended')}</span> : null}
            {off ? <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-bold text-gray-800">{t('unavailableBadge')}</span> : null}
          </span>
          {off ? <span className="mt-2 block text-sm font-medium text-red-800">{t('unavailableReason')}</span> : null}
          <ul className="mt-2 space-y-0.5 text-sm text-gray-700">
            {NOTES[method].map((n) => (
              <li key={n}>• {lastUnitOf && method === 'cash' && n === 'n1' ? t('methods.cash.n1LastUnit') : t(`methods.${method}.${n}` as `methods.card.n1`, holdCopyValues(method))}</li>
            ))}
          </ul>
          {value === method && (status === 'pending' || status === 'awaiting_verification') ? (
            <span role="status" className="mt-2 block text-sm font-medium text-brand-800">
              {t(`status.${status}`)}
            </span>
          ) : null}
        </RadioCard>
        );
      })}
    </fieldset>
  );
}
