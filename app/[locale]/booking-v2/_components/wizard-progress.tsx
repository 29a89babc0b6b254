'use client';
import { useTranslations } from '@/lib/i18n/compiled-client';

export function WizardProgress({ step, total, name }: { step: number; total: number; name: string }) {
  const t = useTranslations('booking');
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-gray-700">{name}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('progressLabel')}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={t('stepOf', { current: step, total: total, name })}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </div>
  );
}
