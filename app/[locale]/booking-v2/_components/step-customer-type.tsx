'use client';
import { useTranslations } from '@/lib/i18n/compiled-client';
import type { CustomerType } from '@/lib/pricing';
import { RadioCard } from './ui';

export function StepCustomerType({ value, onSelect }: { value: CustomerType | null; onSelect: (type: CustomerType) => void }) {
  const t = useTranslations('booking.customer');
  return (
    <fieldset>
      <legend className="mb-4 text-base font-medium text-gray-900">{t('question')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['individual', 'business'] as const).map((type) => (
          <RadioCard key={type} name="customerType" value={type} checked={value === type} onSelect={() => onSelect(type)}>
            <span className="block text-lg font-semibold text-gray-900">{t(`${type}.title`)}</span>
            <ul className="mt-2 space-y-1 text-sm text-gray-700">
              {(['p1', 'p2', 'p3'] as const).map((p) => (
                <li key={p}>✓ {t(`${type}.${p}`)}</li>
              ))}
            </ul>
          </RadioCard>
        ))}
      </div>
    </fieldset>
  );
}
