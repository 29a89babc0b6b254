'use client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { WaitingListDialog } from '@/components/waiting-list/waiting-list-dialog';
import { waitingListLabels } from '@/components/waiting-list/labels';
import { agreementTextFor } from '@/lib/booking/agreement';
import { INSURANCE_LEVELS, type CustomerType, type PaymentMethod, type SupplyId, type TermCode } from '@/lib/pricing';
import type { BookingDraft, ContactDetails } from '@/lib/booking/draft';
import { clearWizardState, createDraft, loadWizardState, saveWizardState, type AppliedPromo } from '@/lib/booking/client-storage';
import type { WizardData, WizardUnitType } from '@/lib/booking/wizard-data';
import type { Locale } from '@/lib/i18n/routing';
import { saveDraftForReminder } from '../actions';
import { quoteForDraft } from './wizard-quote';
import { useBackButtonGuard, useLeavePrompt } from './use-wizard-guards';
import { TOTAL_STEPS, WizardProgress } from './wizard-progress';
import { RunningTotal } from './running-total';
import { StepUnit } from './step-unit';
import { StepCustomerType } from './step-customer-type';
import { StepMoveInDate } from './step-move-in-date';
import { StepRentalTerms } from './step-rental-terms';
import { StepInsurance } from './step-insurance';
import { StepPromo } from './step-promo';
import { StepSupplies, suppliesTotal } from './step-supplies';
import { StepContact, validateContact } from './step-contact';
import { initialPaymentStatus, StepPaymentMethod } from './step-payment-method';
import { agreementComplete, StepAgreement } from './step-agreement';
import { BankTransferPayment, CryptoPayment } from './step-payment';
import { StepReview } from './step-review';
import { primaryButton, secondaryButton } from './ui';

/** Auto-advance delays after a choice (spec §9). */
const ADVANCE_MS = { quick: 300, terms: 400, slow: 800 } as const;
/** Scroll to top after the new step rendered (spec §2). */
const SCROLL_DELAY_MS = 50;

/** Card, PromptPay and cash have nothing to do at the payment step; their status once past it (DECISIONS.md). */
const SKIP_PAYMENT_STEP: Partial<Record<PaymentMethod, 'pending_payment' | 'pending_arrival'>> = {
  card: 'pending_payment',
  promptpay: 'pending_payment',
  cash: 'pending_arrival',
};

export interface WizardInitial {
  /** ?unit=CODE: pre-select this unit type when it can be booked */
  unitCode: string | null;
  /** ?unit_type=CODE: narrow the step 1 list */
  unitTypeFilter: string | null;
  /** a draft restored from the reminder email link (?draft=TOKEN) */
  serverDraft: BookingDraft | null;
}

export function BookingWizard({ data, initial }: { data: WizardData; initial: WizardInitial }) {
  const t = useTranslations('booking');
  const tw = useTranslations('waitingList');
  const locale = useLocale() as Locale;
  const [draft, setDraft] = useState<BookingDraft | null>(null);
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [proofName, setProofName] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<WizardUnitType | null>(null);
  const [leaving, setLeaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const firstRender = useRef(true);

  const units = data.unitTypes;
  const bookable = useCallback((code: string | null) => units?.find((u) => u.code === code && u.monthlyRate > 0 && u.availableCount > 0) ?? null, [units]);

  // Restore after mount: sessionStorage only exists in the browser, and the server render must match the first client one.
  useEffect(() => {
    const stored = initial.serverDraft ? { draft: initial.serverDraft, promo: null } : loadWizardState();
    let next = stored?.draft ?? createDraft();
    if (initial.unitCode && bookable(initial.unitCode) && (next.step === 1 || !next.unitTypeCode)) {
      next = { ...next, unitTypeCode: initial.unitCode };
    }
    // A unit that sold out or vanished since the draft was saved can't be booked: back to the unit choice.
    if (next.unitTypeCode && !units?.some((u) => u.code === next.unitTypeCode)) next = { ...next, unitTypeCode: null, step: 1 };
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one-time restore of browser-only state
    setDraft(next);
    setPromo(stored?.promo ?? null);
  }, [initial, bookable, units]);

  useEffect(() => {
    if (draft) saveWizardState({ draft, promo });
  }, [draft, promo]);

  const step = draft?.step ?? 1;
  const unit = units?.find((u) => u.code === draft?.unitTypeCode) ?? null;
  const method = (draft?.paymentMethod ?? null) as PaymentMethod | null;

  const update = useCallback((patch: Partial<BookingDraft> | ((d: BookingDraft) => Partial<BookingDraft>)) => {
    setDraft((d) => (d ? { ...d, ...(typeof patch === 'function' ? patch(d) : patch) } : d));
  }, []);

  const cancelAdvance = () => {
    if (advanceTimer.current) clearTimeout(advanceTimer.current);
    advanceTimer.current = null;
  };

  /** Moves to a step; the payment step is passed over for methods with nothing to do there. */
  const goTo = useCallback(
    (target: number) => {
      cancelAdvance();
      setDraft((d) => {
        if (!d) return d;
        let to = Math.min(TOTAL_STEPS, Math.max(1, target));
        let paymentStatus = d.paymentStatus;
        const skipStatus = d.paymentMethod ? SKIP_PAYMENT_STEP[d.paymentMethod as PaymentMethod] : undefined;
        if (to === 11 && skipStatus) {
          paymentStatus = skipStatus;
          to = d.step < 11 ? 12 : 10;
        }
        return { ...d, step: to, paymentStatus };
      });
    },
    [],
  );

  const draftStepRef = useRef(step);
  useEffect(() => {
    draftStepRef.current = step;
  }, [step]);

  /** Auto-advance after a choice, only if the customer is still on the step the choice was made on. */
  const advanceFrom = useCallback(
    (from: number, delay: number) => {
      cancelAdvance();
      advanceTimer.current = setTimeout(() => {
        advanceTimer.current = null;
        if (draftStepRef.current === from) goTo(from + 1);
      }, delay);
    },
    [goTo],
  );

  // Step change: scroll to the top and move focus to the new heading so keyboard and screen-reader users follow.
  useEffect(() => {
    if (!draft) return;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const timer = setTimeout(() => {
      window.scrollTo({ top: 0, behavior: 'auto' });
      headingRef.current?.focus({ preventScroll: true });
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the step number matters here
  }, [step]);

  useEffect(() => cancelAdvance, []);

  const cryptoExempt = method === 'crypto' && (step === 11 || draft?.paymentStatus === 'crypto_payment_sent');
  useLeavePrompt(!!draft && !leaving && step >= 2 && step <= 11 && !cryptoExempt, t('leavePrompt'));
  useBackButtonGuard(draft ? step : 1, () => goTo(draftStepRef.current - 1));

  const runningQuote = useMemo(() => (draft ? quoteForDraft(draft, unit, data.supplies, promo, true) : ({ status: 'incomplete' } as const)), [draft, unit, data.supplies, promo]);
  const reviewQuote = useMemo(() => (draft ? quoteForDraft(draft, unit, data.supplies, promo, false) : ({ status: 'incomplete' } as const)), [draft, unit, data.supplies, promo]);

  const agreementHtml = useMemo(
    () => (draft ? agreementTextFor(data.agreement.html, draft, unit, runningQuote.status === 'ok' ? runningQuote.quote : null, locale, t) : null),
    [data.agreement, draft, runningQuote, unit, locale, t],
  );

  if (!draft) {
    return (
      <p className="py-16 text-center text-gray-700" role="status">
        {t('loading')}
      </p>
    );
  }

  const business = draft.customerType === 'business';
  const contactFilled = (['firstName', 'lastName', 'email', 'phone'] as const).every((k) => draft.contact[k].trim() !== '');
  const canNext: Record<number, boolean> = {
    1: !!bookable(draft.unitTypeCode),
    2: !!draft.customerType,
    3: !!draft.startDate,
    4: !!draft.term,
    5: draft.insuranceMonthly != null,
    6: true,
    7: true,
    8: contactFilled,
    9: !!draft.paymentMethod,
    10: agreementComplete(draft.agreement),
    11: method === 'crypto' ? draft.paymentStatus === 'crypto_payment_sent' || draft.paymentStatus === 'proof_uploaded' : method === 'bank_transfer',
    12: true,
  };

  function leaveAgreement() {
    update((d) => ({ agreement: { ...d.agreement, signedAt: d.agreement.signedAt ?? new Date().toISOString(), documentId: data.agreement.id } }));
    goTo(11);
  }

  function finishBankStep() {
    update((d) => ({ paymentStatus: d.paymentStatus === 'proof_uploaded' ? 'proof_uploaded' : 'pending_bank_transfer' }));
    goTo(12);
  }

  function contactDone() {
    if (Object.keys(validateContact(draft!.contact, business)).length > 0) return;
    // Fire and forget: the reminder copy is a convenience and must never hold the customer up.
    const snapshot = draft!;
    saveDraftForReminder(snapshot)
      .then((r) => r.ok && r.data.token && update({ draftToken: r.data.token }))
      .catch(() => {});
    goTo(9);
  }

  function onNext() {
    if (step === 8) return; // the form's submit button handles step 8 (validation first)
    if (step === 10) return leaveAgreement();
    if (step === 11 && method === 'bank_transfer') return finishBankStep();
    goTo(step + 1);
  }

  const stepTitles: Record<number, string> = {
    1: t('unit.title'),
    2: t('customer.title'),
    3: t('date.title'),
    4: t('terms.title'),
    5: t('insurance.title'),
    6: t('promo.title'),
    7: t('supplies.title'),
    8: business ? t('contact.titleBusiness') : t('contact.titleIndividual'),
    9: t('payment.title'),
    10: t('agreement.title'),
    11: method === 'crypto' ? t('crypto.title') : method === 'bank_transfer' ? t('bank.title') : t('stepNames.s11'),
    12: t('review.title'),
  };

  let body: React.ReactNode = null;
  switch (step) {
    case 1:
      body = (
        <StepUnit
          units={units}
          selectedCode={draft.unitTypeCode}
          filter={initial.unitTypeFilter}
          onSelect={(code) => {
            update({ unitTypeCode: code });
            advanceFrom(1, ADVANCE_MS.quick);
          }}
          onJoinWaitingList={setWaitingFor}
        />
      );
      break;
    case 2:
      body = (
        <StepCustomerType
          value={draft.customerType}
          onSelect={(type: CustomerType) => {
            update({ customerType: type });
            advanceFrom(2, ADVANCE_MS.quick);
          }}
        />
      );
      break;
    case 3:
      body = <StepMoveInDate value={draft.startDate} onChange={(iso) => update({ startDate: iso })} onContinue={() => goTo(4)} />;
      break;
    case 4:
      body = unit ? (
        <StepRentalTerms
          monthlyRate={unit.monthlyRate}
          value={draft.term as TermCode | null}
          onSelect={(term) => {
            update({ term });
            advanceFrom(4, ADVANCE_MS.terms);
          }}
        />
      ) : null;
      break;
    case 5:
      body = (
        <StepInsurance
          levels={data.insuranceLevels.length > 0 ? data.insuranceLevels : INSURANCE_LEVELS.filter((l) => l > 0)}
          value={draft.insuranceMonthly}
          onSelect={(monthly) => {
            update({ insuranceMonthly: monthly });
            advanceFrom(5, ADVANCE_MS.slow);
          }}
        />
      );
      break;
    case 6:
      body = (
        <StepPromo
          applied={promo && promo.code === draft.promoCode ? promo : null}
          onApplied={(p) => {
            setPromo(p);
            update({ promoCode: p ? p.code : null });
          }}
          onSkip={() => {
            setPromo(null);
            update({ promoCode: null });
            goTo(7);
          }}
          onContinue={() => goTo(7)}
        />
      );
      break;
    case 7:
      body = (
        <StepSupplies
          supplies={data.supplies}
          quantities={draft.supplies}
          onChange={(id: SupplyId, qty: number) => {
            const next = { ...draft.supplies, [id]: qty };
            if (qty === 0) delete next[id];
            update({ supplies: next });
            // Moves on a moment after the last change, and only once something is in the basket.
            if (suppliesTotal(data.supplies, next) > 0) advanceFrom(7, ADVANCE_MS.slow);
            else cancelAdvance();
          }}
          onSkip={() => {
            update({ supplies: {} });
            goTo(8);
          }}
          onContinue={() => goTo(8)}
        />
      );
      break;
    case 8:
      body = (
        <StepContact
          business={business}
          contact={draft.contact}
          onChange={(patch: Partial<ContactDetails>) => update((d) => ({ contact: { ...d.contact, ...patch } }))}
          onValidContinue={contactDone}
        />
      );
      break;
    case 9:
      body = (
        <StepPaymentMethod
          value={method}
          status={draft.paymentStatus}
          onSelect={(m) => {
            if (m !== method) {
              setProofName(null);
              update({ paymentMethod: m, paymentStatus: initialPaymentStatus(m), proofUploadId: null });
            }
            advanceFrom(9, ADVANCE_MS.slow);
          }}
        />
      );
      break;
    case 10:
      body = (
        <StepAgreement
          title={data.agreement.title}
          html={agreementHtml}
          state={draft.agreement}
          onChange={(patch) => update((d) => ({ agreement: { ...d.agreement, ...patch } }))}
          onContinue={leaveAgreement}
        />
      );
      break;
    case 11:
      body =
        method === 'crypto' ? (
          <CryptoPayment
            totalSatang={reviewQuote.status === 'ok' ? reviewQuote.quote.totalDueToday : null}
            crypto={data.crypto}
            status={draft.paymentStatus}
            proofName={proofName}
            onSent={() => update({ paymentStatus: 'crypto_payment_sent' })}
            onProofUploaded={(id, name) => {
              setProofName(name);
              update({ proofUploadId: id, paymentStatus: 'proof_uploaded' });
            }}
            onDone={() => goTo(12)}
          />
        ) : method === 'bank_transfer' ? (
          <BankTransferPayment
            totalSatang={reviewQuote.status === 'ok' ? reviewQuote.quote.totalDueToday : null}
            bank={data.bank}
            proofName={proofName}
            onProofUploaded={(id, name) => {
              setProofName(name);
              update({ proofUploadId: id, paymentStatus: 'proof_uploaded' });
            }}
            onContinue={finishBankStep}
          />
        ) : null;
      break;
    case 12:
      body = (
        <StepReview
          draft={draft}
          unit={unit}
          supplies={data.supplies}
          promo={promo}
          quote={reviewQuote}
          onTermsAccepted={(accepted) => update({ termsAccepted: accepted })}
          onBooked={() => {
            setLeaving(true);
            clearWizardState();
          }}
        />
      );
      break;
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-40 pt-6 sm:pb-32">
      <div className="print:hidden">
        <WizardProgress step={step} name={t(`stepNames.s${step}` as 'stepNames.s1')} />
      </div>
      <h2 ref={headingRef} tabIndex={-1} className="mb-4 mt-6 text-2xl font-bold text-gray-900 outline-none">
        {stepTitles[step]}
      </h2>
      <div data-step={step}>{body}</div>

      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur print:hidden">
        <div className="mx-auto w-full max-w-3xl space-y-2">
          {step >= 4 ? <RunningTotal quote={runningQuote} monthlyRate={unit?.monthlyRate ?? null} /> : null}
          <nav aria-label={t('progressLabel')} className="flex items-center justify-between gap-3">
            <button type="button" className={secondaryButton} disabled={step <= 1} onClick={() => goTo(step - 1)}>
              {t('previous')}
            </button>
            <span className="text-sm font-semibold tabular-nums text-gray-700">{t('stepCounter', { current: step, total: TOTAL_STEPS })}</span>
            {step < TOTAL_STEPS ? (
              step === 8 ? (
                <button type="submit" form="booking-contact-form" className={primaryButton} disabled={!canNext[8]}>
                  {t('next')}
                </button>
              ) : (
                <button type="button" className={primaryButton} disabled={!canNext[step]} onClick={onNext}>
                  {t('next')}
                </button>
              )
            ) : (
              <span className="w-20" />
            )}
          </nav>
        </div>
      </div>

      {waitingFor ? (
        <WaitingListDialog
          unitTypeCode={waitingFor.code}
          unitLabel={waitingFor.name}
          labels={waitingListLabels(tw, waitingFor.name)}
          open
          onOpenChange={(open) => {
            if (!open) setWaitingFor(null);
          }}
        />
      ) : null}
    </div>
  );
}
