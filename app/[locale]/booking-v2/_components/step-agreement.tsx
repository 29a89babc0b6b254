'use client';
import { useEffect, useId, useRef } from 'react';
import { useTranslations } from '@/lib/i18n/compiled-client';
import type { BookingDraft } from '@/lib/booking/draft';
import { Notice, RefreshButton, primaryButton } from './ui';
import { agreementComplete } from './wizard-rules';

type AgreementState = BookingDraft['agreement'];

/** Reading counts as done within this many pixels of the end (docs/product-rules.md#booking-wizard). */
const READ_THRESHOLD_PX = 10;

export function StepAgreement({
  title,
  html,
  failed,
  state,
  onChange,
  onContinue,
}: {
  title: string | null;
  /** sanitized agreement HTML with the booking's details filled in; null until it is loaded */
  html: string | null;
  /** it could not be loaded (GET /api/agreement, tried twice) */
  failed: boolean;
  state: AgreementState;
  onChange: (patch: Partial<AgreementState>) => void;
  onContinue: () => void;
}) {
  const t = useTranslations('booking.agreement');
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const scrolled = state.scrolled;

  function checkRead() {
    const el = box.current;
    if (!el || scrolled) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= READ_THRESHOLD_PX) onChange({ scrolled: true });
  }

  // A contract short enough to fit the box has been "scrolled to the end" already.
  useEffect(checkRead);

  if (!html) {
    if (failed) return <Notice tone="error" title={t('unavailable')} action={<RefreshButton label={t('refresh')} />} />;
    return (
      <p className="py-8 text-center text-gray-700" role="status">
        {t('loading')}
      </p>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">{t('subtitle')}</p>
      <div
        ref={box}
        onScroll={checkRead}
        role="region"
        aria-label={t('contractLabel')}
        tabIndex={0}
        data-testid="agreement-text"
        className="legal-content max-h-96 overflow-y-auto rounded-lg border border-gray-300 bg-white p-4 text-sm leading-relaxed text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-700 [&_h1]:mb-2 [&_h1]:text-lg [&_h1]:font-bold [&_h2]:mb-1 [&_h2]:mt-4 [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mb-2 [&_table]:mb-3 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_th]:text-left"
      >
        {title ? <p className="sr-only">{title}</p> : null}
        {/* Sanitized on the server by sanitizeLegalHtml; filled values are HTML-escaped by fillAgreementVariables. */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </div>
      <p className={`text-sm ${scrolled ? 'text-green-800' : 'text-gray-700'}`} aria-live="polite">
        {scrolled ? t('scrolled') : t('scrollHint')}
      </p>
      <label className={`flex min-h-11 items-center gap-3 text-sm ${scrolled ? 'text-gray-900' : 'text-gray-500'}`}>
        <input
          type="checkbox"
          className="h-5 w-5"
          disabled={!scrolled}
          checked={state.agreed}
          onChange={(e) => onChange(e.target.checked ? { agreed: true } : { agreed: false, signature: '', signedAt: null })}
        />
        {t('agree')}
      </label>
      <div>
        <label htmlFor={id} className={`mb-1 block text-sm font-medium ${state.agreed ? 'text-gray-900' : 'text-gray-500'}`}>
          {t('signatureLabel')}
        </label>
        <input
          id={id}
          disabled={!state.agreed}
          value={state.signature}
          maxLength={200}
          autoComplete="name"
          placeholder={t('signaturePlaceholder')}
          onChange={(e) => onChange({ signature: e.target.value })}
          className="block min-h-11 w-full rounded-lg border border-gray-300 px-3 py-2 font-serif text-lg italic text-gray-900 disabled:bg-gray-100"
        />
      </div>
      <button type="button" className={primaryButton} disabled={!agreementComplete(state)} onClick={onContinue}>
        {t('continue')}
      </button>
    </div>
  );
}
