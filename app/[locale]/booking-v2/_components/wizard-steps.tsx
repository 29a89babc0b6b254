'use client';
/**
 * The wizard's twelve steps, each described once: its id, its title, when Next is enabled, when it is passed over,
 * what leaving it records, and what it shows (docs/product-rules.md#booking-wizard). Navigation applies these
 * rules (wizard-navigation.ts); the wizard (booking-wizard.tsx) only holds the state.
 */
import type { ReactNode } from 'react';
import type { BookingDraft, ContactDetails } from '@/lib/booking/draft';
import type { AppliedPromo } from './client-storage';
import type { WizardData, WizardUnitType } from '@/lib/booking/wizard-data';
import { PAYMENT_FLOW } from '@/lib/booking/payment-methods';
import { INSURANCE_LEVELS } from '@/lib/pricing';
import { onlyReserveLeft } from '@/lib/holds/rules';
import type { createBooking, validatePromoCode } from '../actions';
import type { NavigationContext, StepRule } from './wizard-navigation';
import type { QuoteOutcome } from './wizard-quote';
import dynamic from 'next/dynamic';
import { StepUnit } from './step-unit';
import { agreementComplete, suppliesTotal } from './wizard-rules';

/**
 * Step 1 arrives with the page (rendered on the server); every later screen is its own chunk, fetched when the
 * customer nears it (`preload`), so the first visit downloads only the unit list.
 */
const SCREENS = {
  customer: () => import('./step-customer-type'),
  date: () => import('./step-move-in-date'),
  terms: () => import('./step-rental-terms'),
  insurance: () => import('./step-insurance'),
  promo: () => import('./step-promo'),
  supplies: () => import('./step-supplies'),
  contact: () => import('./step-contact'),
  payment: () => import('./step-payment-method'),
  agreement: () => import('./step-agreement'),
  proof: () => import('./step-payment'),
  review: () => import('./step-review'),
} as const;

const StepCustomerType = dynamic(() => SCREENS.customer().then((m) => m.StepCustomerType));
const StepMoveInDate = dynamic(() => SCREENS.date().then((m) => m.StepMoveInDate));
const StepRentalTerms = dynamic(() => SCREENS.terms().then((m) => m.StepRentalTerms));
const StepInsurance = dynamic(() => SCREENS.insurance().then((m) => m.StepInsurance));
const StepPromo = dynamic(() => SCREENS.promo().then((m) => m.StepPromo));
const StepSupplies = dynamic(() => SCREENS.supplies().then((m) => m.StepSupplies));
const StepContact = dynamic(() => SCREENS.contact().then((m) => m.StepContact));
const StepPaymentMethod = dynamic(() => SCREENS.payment().then((m) => m.StepPaymentMethod));
const StepAgreement = dynamic(() => SCREENS.agreement().then((m) => m.StepAgreement));
const CryptoPayment = dynamic(() => SCREENS.proof().then((m) => m.CryptoPayment));
const BankTransferPayment = dynamic(() => SCREENS.proof().then((m) => m.BankTransferPayment));
const StepReview = dynamic(() => SCREENS.review().then((m) => m.StepReview));

/** Fetches the screens of the steps after `step` (1-based) ahead of the customer, so moving on never waits. */
export function preloadStepsAfter(step: number, count = 2): void {
  for (const step_ of WIZARD_STEPS.slice(step, step + count)) {
    if (step_.id !== 'unit') void SCREENS[step_.id]().catch(() => {});
  }
}

/** Auto-advance delays after a choice, in milliseconds. */
export const ADVANCE_MS = { quick: 300, terms: 400, slow: 800 } as const;

/** The `booking` messages' translator, as the wizard has it. */
type BookingT = (key: 'unit.title' | 'customer.title' | 'date.title' | 'terms.title' | 'insurance.title' | 'promo.title' | 'supplies.title' | 'contact.titleBusiness' | 'contact.titleIndividual' | 'payment.title' | 'agreement.title' | 'crypto.title' | 'bank.title' | 'stepNames.s11' | 'review.title') => string;

/** What a step's screen gets from the wizard. */
export interface StepView {
  draft: BookingDraft;
  /** false until the customer's own draft is back after mount: a choice made before would be overwritten */
  ready: boolean;
  data: WizardData;
  unit: WizardUnitType | null;
  /** ?unit_type=: narrows step 1's list */
  unitTypeFilter: string | null;
  promo: AppliedPromo | null;
  proofName: string | null;
  /** step 10's agreement: loading until it arrives; its HTML with the booking's particulars filled in */
  agreement: { status: 'waiting' | 'loading' | 'failed' | 'ready'; title: string | null; html: string | null };
  runningQuote: QuoteOutcome;
  reviewQuote: QuoteOutcome;
  update: (patch: Partial<BookingDraft> | ((d: BookingDraft) => Partial<BookingDraft>)) => void;
  setPromo: (promo: AppliedPromo | null) => void;
  setProofName: (name: string | null) => void;
  /** Next, as the customer pressed it (records what the step completes) */
  next: () => void;
  /** moves on after `delay` ms if the customer is still on this step */
  advanceAfter: (delay: number) => void;
  /** a choice that moves on by itself: records it, then advances after `delay` ms */
  choose: (patch: Partial<BookingDraft>, delay: number) => void;
  cancelAdvance: () => void;
  /** step 8's valid form: keeps the reminder copy, then moves on */
  contactDone: () => void;
  joinWaitingList: (unit: WizardUnitType) => void;
  onBooked: () => void;
  actions: { checkPromo: typeof validatePromoCode; submitBooking: typeof createBooking };
}

export interface WizardStep extends StepRule {
  id: 'unit' | 'customer' | 'date' | 'terms' | 'insurance' | 'promo' | 'supplies' | 'contact' | 'payment' | 'agreement' | 'proof' | 'review';
  title(t: BookingT, draft: BookingDraft): string;
  /** Next submits this form instead of moving on (the form validates first) */
  form?: string;
  render(v: StepView): ReactNode;
}

/** The chosen type's name when only its last free unit is left, which an unpaid booking does not hold. */
const lastUnitOf = (unit: WizardUnitType | null) => (unit && onlyReserveLeft(unit.availableCount) ? unit.name : null);
const contactFilled = (d: BookingDraft) => (['firstName', 'lastName', 'email', 'phone'] as const).every((k) => d.contact[k].trim() !== '');

export const WIZARD_STEPS: readonly WizardStep[] = [
  {
    id: 'unit', title: (t) => t('unit.title'), canContinue: (d, ctx: NavigationContext) => ctx.bookable(d.unitTypeCode),
    render: (v) => (
      <StepUnit
        units={v.data.unitTypes}
        selectedCode={v.draft.unitTypeCode}
        ready={v.ready}
        filter={v.unitTypeFilter}
        onSelect={(code) => v.choose({ unitTypeCode: code }, ADVANCE_MS.quick)}
        onJoinWaitingList={v.joinWaitingList}
      />
    ),
  },
  {
    id: 'customer', title: (t) => t('customer.title'), canContinue: (d) => !!d.customerType,
    render: (v) => <StepCustomerType value={v.draft.customerType} onSelect={(type) => v.choose({ customerType: type }, ADVANCE_MS.quick)} />,
  },
  {
    id: 'date', title: (t) => t('date.title'), canContinue: (d) => !!d.startDate,
    render: (v) => <StepMoveInDate value={v.draft.startDate} onChange={(iso) => v.update({ startDate: iso })} onContinue={v.next} />,
  },
  {
    id: 'terms', title: (t) => t('terms.title'), canContinue: (d) => !!d.term,
    render: (v) =>
      v.unit ? (
        <StepRentalTerms
          monthlyRate={v.unit.monthlyRate}
          value={v.draft.term}
          onSelect={(term) => v.choose({ term }, ADVANCE_MS.terms)}
        />
      ) : null,
  },
  {
    id: 'insurance',
    title: (t) => t('insurance.title'),
    // "No insurance" (0) is a choice too.
    canContinue: (d) => d.insuranceMonthly != null,
    render: (v) => (
      <StepInsurance
        levels={v.data.insuranceLevels.length > 0 ? v.data.insuranceLevels : INSURANCE_LEVELS.filter((l) => l > 0)}
        value={v.draft.insuranceMonthly}
        onSelect={(monthly) => v.choose({ insuranceMonthly: monthly }, ADVANCE_MS.slow)}
      />
    ),
  },
  {
    id: 'promo', title: (t) => t('promo.title'), canContinue: () => true,
    render: (v) => (
      <StepPromo
        checkPromo={v.actions.checkPromo}
        applied={v.promo && v.promo.code === v.draft.promoCode ? v.promo : null}
        onApplied={(p) => {
          v.setPromo(p);
          v.update({ promoCode: p ? p.code : null });
        }}
        onSkip={() => {
          v.setPromo(null);
          v.update({ promoCode: null });
          v.next();
        }}
        onContinue={v.next}
      />
    ),
  },
  {
    id: 'supplies', title: (t) => t('supplies.title'), canContinue: () => true,
    render: (v) => (
      <StepSupplies
        supplies={v.data.supplies}
        quantities={v.draft.supplies}
        onChange={(id, qty) => {
          const next = { ...v.draft.supplies, [id]: qty };
          if (qty === 0) delete next[id];
          v.update({ supplies: next });
          // Moves on a moment after the last change, and only once something is in the basket.
          if (suppliesTotal(v.data.supplies, next) > 0) v.advanceAfter(ADVANCE_MS.slow);
          else v.cancelAdvance();
        }}
        onSkip={() => {
          v.update({ supplies: {} });
          v.next();
        }}
        onContinue={v.next}
      />
    ),
  },
  {
    id: 'contact',
    title: (t, d) => (d.customerType === 'business' ? t('contact.titleBusiness') : t('contact.titleIndividual')),
    canContinue: contactFilled,
    form: 'booking-contact-form',
    render: (v) => (
      <StepContact
        business={v.draft.customerType === 'business'}
        contact={v.draft.contact}
        onChange={(patch: Partial<ContactDetails>) => v.update((d) => ({ contact: { ...d.contact, ...patch } }))}
        onValidContinue={v.contactDone}
      />
    ),
  },
  {
    id: 'payment', title: (t) => t('payment.title'), canContinue: (d, ctx) => !!d.paymentMethod && !ctx.unavailableMethods.includes(d.paymentMethod),
    render: (v) => (
      <StepPaymentMethod
        value={v.draft.paymentMethod}
        status={v.draft.paymentStatus}
        unavailable={v.data.unavailableMethods}
        lastUnitOf={lastUnitOf(v.unit)}
        onSelect={(m) => {
          if (m !== v.draft.paymentMethod) {
            v.setProofName(null);
            v.update({ paymentMethod: m, paymentStatus: PAYMENT_FLOW[m].onSelect, proofUploadId: null });
          }
          v.advanceAfter(ADVANCE_MS.slow);
        }}
      />
    ),
  },
  {
    id: 'agreement', title: (t) => t('agreement.title'),
    // Only on a document the customer has in front of them (a restored draft may arrive already signed).
    canContinue: (d, ctx) => ctx.agreement !== null && agreementComplete(d.agreement),
    // Signed now, on the document shown: the server stores that document's text as the record.
    complete: (d, ctx) => ({ agreement: { ...d.agreement, signedAt: d.agreement.signedAt ?? ctx.now(), documentId: ctx.agreement?.id ?? null, locale: ctx.agreement?.locale } }),
    render: (v) => (
      <StepAgreement
        title={v.agreement.title}
        html={v.agreement.html}
        failed={v.agreement.status === 'failed'}
        state={v.draft.agreement}
        onChange={(patch) => v.update((d) => ({ agreement: { ...d.agreement, ...patch } }))}
        onContinue={v.next}
      />
    ),
  },
  {
    id: 'proof',
    title: (t, d) => {
      const screen = d.paymentMethod ? PAYMENT_FLOW[d.paymentMethod].paymentStep : 'skip';
      return screen === 'crypto' ? t('crypto.title') : screen === 'bank' ? t('bank.title') : t('stepNames.s11');
    },
    canContinue: (d) => {
      const screen = d.paymentMethod ? PAYMENT_FLOW[d.paymentMethod].paymentStep : 'skip';
      if (screen === 'crypto') return d.paymentStatus === 'crypto_payment_sent' || d.paymentStatus === 'proof_uploaded';
      return screen === 'bank';
    },
    // Card and PromptPay pay at the provider after submit; cash pays at the office: nothing to do here.
    skip: (d) => (d.paymentMethod && PAYMENT_FLOW[d.paymentMethod].paymentStep === 'skip' ? { paymentStatus: PAYMENT_FLOW[d.paymentMethod].booked } : null),
    complete: (d) => (d.paymentMethod && d.paymentStatus !== 'proof_uploaded' ? { paymentStatus: PAYMENT_FLOW[d.paymentMethod].booked } : {}),
    render: (v) => {
      const total = v.reviewQuote.status === 'ok' ? v.reviewQuote.quote.totalDueToday : null;
      const onProofUploaded = (id: string, name: string) => {
        v.setProofName(name);
        v.update({ proofUploadId: id, paymentStatus: 'proof_uploaded' });
      };
      const screen = v.draft.paymentMethod ? PAYMENT_FLOW[v.draft.paymentMethod].paymentStep : 'skip';
      if (screen === 'crypto') {
        return (
          <CryptoPayment
            totalSatang={total}
            crypto={v.data.crypto}
            status={v.draft.paymentStatus}
            proofName={v.proofName}
            onSent={() => v.update({ paymentStatus: 'crypto_payment_sent' })}
            onProofUploaded={onProofUploaded}
            onDone={v.next}
          />
        );
      }
      if (screen === 'bank') {
        return <BankTransferPayment totalSatang={total} bank={v.data.bank} proofName={v.proofName} onProofUploaded={onProofUploaded} onContinue={v.next} lastUnitOf={lastUnitOf(v.unit)} />;
      }
      return null;
    },
  },
  {
    id: 'review', title: (t) => t('review.title'), canContinue: () => true,
    render: (v) => (
      <StepReview
        submitBooking={v.actions.submitBooking}
        draft={v.draft}
        unit={v.unit}
        supplies={v.data.supplies}
        promo={v.promo}
        quote={v.reviewQuote}
        officeHours={v.data.officeHours}
        onTermsAccepted={(accepted) => v.update({ termsAccepted: accepted })}
        onBooked={v.onBooked}
      />
    ),
  },
];
