'use client';
import { useId, useState, useTransition } from 'react';
import { useLocale, useTranslations } from '@/lib/i18n/compiled-client';
import { formatTHB } from '@/lib/format/money';
import type { PromoCheckResult } from '@/lib/booking/draft';
import type { AppliedPromo } from './client-storage';
import type { validatePromoCode } from '../actions';
import { primaryButton, secondaryButton } from './ui';

type InvalidReason = Extract<PromoCheckResult, { status: 'invalid' }>['reason'];

export function StepPromo({
  applied,
  onApplied,
  onSkip,
  onContinue,
  checkPromo,
}: {
  /** the server action that checks a code */
  checkPromo: typeof validatePromoCode;
  applied: AppliedPromo | null;
  /** null clears the code (typed over, or invalid) */
  onApplied: (promo: AppliedPromo | null) => void;
  onSkip: () => void;
  onContinue: () => void;
}) {
  const t = useTranslations('booking.promo');
  const locale = useLocale();
  const id = useId();
  const [code, setCode] = useState(applied?.code ?? '');
  const [error, setError] = useState<InvalidReason | null>(null);
  const [checking, startCheck] = useTransition();

  const trimmed = code.trim();
  const isApplied = applied != null && applied.code === trimmed;
  // An unchecked or rejected code must not slip through to the booking silently.
  const canContinue = trimmed === '' || isApplied;

  function apply() {
    if (!trimmed || checking) return;
    setError(null);
    startCheck(async () => {
      let result: PromoCheckResult;
      try {
        const answer = await checkPromo(trimmed);
        result = answer.ok ? answer.data : { status: 'invalid', code: trimmed, reason: answer.error === 'validation' ? 'not_found' : 'error' };
      } catch {
        result = { status: 'invalid', code: trimmed, reason: 'error' };
      }
      if (result.status === 'valid') {
        onApplied(result);
      } else {
        onApplied(null);
        setError(result.reason);
      }
    });
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">{t('subtitle')}</p>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-900">
          {t('label')}
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            value={code}
            onChange={(e) => {
              setCode(e.target.value.toUpperCase());
              setError(null);
              if (applied) onApplied(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
            placeholder={t('placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : isApplied ? `${id}-ok` : undefined}
            className={`block min-h-11 w-full min-w-0 rounded-lg border px-3 py-2 text-base uppercase text-gray-900 ${error ? 'border-red-600' : 'border-gray-300'}`}
          />
          <button type="button" className={primaryButton} onClick={apply} disabled={!trimmed || checking || isApplied}>
            {checking ? t('checking') : t('apply')}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
            {t(`errors.${error}`)}
          </p>
        ) : null}
        {isApplied && applied ? (
          <div id={`${id}-ok`} role="status" className="mt-3 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900">
            <p className="font-semibold">
              {t('applied', { code: applied.code })}:{' '}
              {applied.discountType === 'percentage'
                ? t('percentOff', { n: applied.discountValue })
                : t('amountOff', { amount: formatTHB(applied.discountValue, locale) })}
            </p>
            {applied.description ? <p className="mt-1">{applied.description}</p> : null}
          </div>
        ) : null}
        {!canContinue && !error ? <p className="mt-2 text-sm text-gray-700">{t('mustApply')}</p> : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={primaryButton} disabled={!canContinue || checking} onClick={onContinue}>
          {t('continue')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            setCode('');
            setError(null);
            onSkip();
          }}
        >
          {t('skip')}
        </button>
      </div>
    </div>
  );
}
