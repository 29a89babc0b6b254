'use client';
import { useRef, useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from '@/lib/i18n/compiled-client';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { FIRST_MONTH_OFF_PCT, insuranceCoverSatang, VAT_RATE_PCT, WHT_RATE_PCT, type PaymentMethod } from '@/lib/pricing';
import type { BookingDraft } from '@/lib/booking/draft';
import type { AppliedPromo } from './client-storage';
import type { WizardSupply, WizardUnitType } from '@/lib/booking/wizard-data';
import { localizedPath } from '@/lib/i18n/routing';
import { submitChecks } from '@/lib/booking/submit-checks';
import type { createBooking } from '../actions';
import type { QuoteOutcome } from './wizard-quote';
import { Notice, RefreshButton, primaryButton, secondaryButton } from './ui';
import { OFFLINE_HOLD_HOURS, onlyReserveLeft } from '@/lib/holds/rules';
import type { OfficeHoursText } from '@/lib/settings/office-hours';

/** Failures with their own 'Booking Failed' text; any other shows the server's message. */
const FAILURE_TEXTS = ['validation', 'payment', 'sold_out', 'unit_not_available', 'card_unavailable'] as const;
const isFailureWithText = (error: string): error is (typeof FAILURE_TEXTS)[number] => (FAILURE_TEXTS as readonly string[]).includes(error);

type Feedback =
  | { kind: 'agreement' }
  | { kind: 'inProgress' }
  | { kind: 'missing'; items: string[] }
  | { kind: 'failed'; message: string }
  | { kind: 'success'; reference: string };

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-4 print:break-inside-avoid print:border-gray-400">
      <h3 className="mb-2 text-base font-semibold text-gray-900">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, value, strong }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 py-1 text-sm ${strong ? 'font-bold text-gray-900' : 'text-gray-800'}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

export function StepReview({
  draft,
  unit,
  supplies,
  promo,
  quote,
  officeHours,
  onTermsAccepted,
  onBooked,
  submitBooking,
}: {
  /** the server action that books */
  submitBooking: typeof createBooking;
  draft: BookingDraft;
  unit: WizardUnitType | null;
  supplies: WizardSupply[];
  promo: AppliedPromo | null;
  quote: QuoteOutcome;
  /** the office's days and times for the cash notice, already in the page's language */
  officeHours: OfficeHoursText;
  onTermsAccepted: (accepted: boolean) => void;
  /** called once the booking exists, before the browser leaves for the next address */
  onBooked: () => void;
}) {
  const t = useTranslations('booking.review');
  const tc = useTranslations('booking');
  const tb = useTranslations('taxBranch');
  const locale = useLocale();
  // Only the last free unit of the type is left: no unpaid booking holds it (docs/product-rules.md#inventory).
  const lastUnitOf = unit && onlyReserveLeft(unit.availableCount) ? unit.name : null;
  const [busy, setBusy] = useState(false);
  // A ref, not state: a second click can arrive before React re-renders the disabled button.
  const inFlight = useRef(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const money = (satang: number) => formatTHB(satang, locale);

  if (!unit || !draft.customerType || !draft.paymentMethod || !draft.contact.firstName.trim() || !draft.contact.email.trim()) {
    return (
      <Notice tone="error" title={t('dataErrorTitle')} action={<RefreshButton label={t('refresh')} />}>
        {t('dataErrorBody')}
      </Notice>
    );
  }
  if (quote.status !== 'ok' || unit.monthlyRate <= 0) {
    return (
      <Notice tone="error" title={t('pricingErrorTitle')} action={<RefreshButton label={t('refresh')} />}>
        {t('pricingErrorBody')}
      </Notice>
    );
  }

  const q = quote.quote;
  const method = draft.paymentMethod;
  const business = draft.customerType === 'business';
  const c = draft.contact;
  const chosenSupplies = supplies.filter((s) => (draft.supplies[s.id] ?? 0) > 0);
  const termLabel = draft.term ? tc(`terms.label.${draft.term}`) : t('notSelected');
  const startDate = draft.startDate ? formatLongDate(draft.startDate, locale) : t('notSelected');

  async function submit() {
    if (inFlight.current) {
      setFeedback({ kind: 'inProgress' });
      return;
    }
    if (!draft.termsAccepted) {
      setFeedback({ kind: 'agreement' });
      return;
    }
    const missing = submitChecks(draft, { unitMonthlyRate: unit?.monthlyRate ?? null, totalDueToday: q.totalDueToday });
    if (missing.length > 0) {
      setFeedback({ kind: 'missing', items: missing.map((k) => tc(`submitChecks.${k}`)) });
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFeedback(null);
    let result: Awaited<ReturnType<typeof submitBooking>>;
    try {
      result = await submitBooking(draft);
    } catch {
      result = { ok: false, error: 'other', message: '' };
    }
    if (result.ok) {
      setFeedback({ kind: 'success', reference: result.data.reference });
      onBooked();
      window.location.assign(result.data.redirectUrl);
      return; // stays "Processing..." while the browser leaves
    }
    // The guard is cleared on failure so the customer can fix things and try again.
    inFlight.current = false;
    setBusy(false);
    const error = result.error;
    if (error === 'missing_fields') setFeedback({ kind: 'missing', items: result.details ?? [] });
    else if (error === 'in_progress') setFeedback({ kind: 'inProgress' });
    else if (isFailureWithText(error)) setFeedback({ kind: 'failed', message: t(`failed.${error}`) });
    else setFeedback({ kind: 'failed', message: result.message || t('failed.other') });
  }

  return (
    <div className="space-y-4">
      <div className="hidden print:block">
        <p className="text-sm">{t('printConfirmationDate', { date: formatLongDate(todayInBangkok(), locale) })}</p>
        <p className="text-sm">{t('printReference', { reference: feedback?.kind === 'success' ? feedback.reference : t('referencePending') })}</p>
      </div>
      <p className="text-sm text-gray-700 print:hidden">{t('subtitle')}</p>

      <Card title={t('startDateTitle')}>
        <p className="text-base font-medium text-gray-900">{startDate}</p>
      </Card>

      <Card title={t('unitTitle')}>
        <dl>
          <Row label={t('unitType')} value={unit.name} />
          <Row label={t('size')} value={unit.dimensions} />
          <Row label={t('monthlyRate')} value={money(unit.monthlyRate)} />
          <Row label={t('startDate')} value={startDate} />
        </dl>
      </Card>

      <Card title={business ? t('businessTitle') : t('personalTitle')}>
        <dl>
          {business ? <Row label={t('company')} value={c.companyName} /> : null}
          {business ? <Row label={t('taxId')} value={c.taxId} /> : null}
          {business ? <Row label={tb('legend')} value={c.taxBranch === 'branch' ? tb('branchWithNumber', { number: c.branchNumber }) : tb('headOffice')} /> : null}
          <Row label={t('name')} value={`${c.firstName} ${c.lastName}`.trim()} />
          <Row label={t('email')} value={<span className="break-all">{c.email}</span>} />
          <Row label={t('phone')} value={c.phone} />
          {c.whatsapp ? <Row label={t('whatsapp')} value={c.whatsapp} /> : null}
          {c.address ? <Row label={t('address')} value={c.address} /> : null}
        </dl>
      </Card>

      <Card title={t('termsTitle')}>
        <dl>
          <Row
            label={t('term')}
            value={
              <>
                {termLabel} · {t('termValue', { months: q.months })}
                {q.termDiscountPct > 0 ? ` · ${t('termDiscount', { pct: q.termDiscountPct })}` : ''}
              </>
            }
          />
          <Row
            label={t('insurance')}
            value={
              draft.insuranceMonthly
                ? t('insuranceValue', { price: money(draft.insuranceMonthly), cover: money(insuranceCoverSatang(draft.insuranceMonthly)) })
                : t('noInsurance')
            }
          />
          {draft.promoCode && promo ? <Row label={t('promo')} value={draft.promoCode} /> : null}
        </dl>
      </Card>

      {chosenSupplies.length > 0 ? (
        <Card title={t('suppliesTitle')}>
          <dl>
            {chosenSupplies.map((s) => (
              <Row key={s.id} label={t('supplyLine', { name: s.name, qty: draft.supplies[s.id] ?? 0 })} value={money(s.priceSatang * (draft.supplies[s.id] ?? 0))} />
            ))}
          </dl>
        </Card>
      ) : null}

      <Card title={t('paymentTitle')}>
        <p className="text-base font-medium text-gray-900">{tc(`payment.methods.${method}.label`)}</p>
        {method === 'card' || method === 'promptpay' ? <p className="mt-1 text-sm text-gray-700">{t('cardRedirect')}</p> : null}
        {lastUnitOf ? (
          <div className="mt-2">
            <Notice tone="warning" title={tc('lastUnit.title', { unitType: lastUnitOf })}>
              {tc('lastUnit.body')}
            </Notice>
          </div>
        ) : method === 'cash' ? (
          <div className="mt-2">
            <Notice tone="warning" title={tc('cashHold.title', { hours: OFFLINE_HOLD_HOURS })}>
              {tc('cashHold.body', { hours: OFFLINE_HOLD_HOURS, ...officeHours })}
            </Notice>
          </div>
        ) : null}
      </Card>

      <Card title={t('breakdownTitle')}>
        <dl data-testid="price-breakdown">
          <Row label={t('lines.rentBefore', { months: q.months })} value={money(q.rentBeforeDiscounts)} />
          {q.termDiscount > 0 ? <Row label={t('lines.termDiscount', { pct: q.termDiscountPct })} value={`−${money(q.termDiscount)}`} /> : null}
          {q.firstMonthDiscount > 0 ? <Row label={t('lines.firstMonth', { percent: FIRST_MONTH_OFF_PCT })} value={`−${money(q.firstMonthDiscount)}`} /> : null}
          {q.promoDiscount > 0 ? <Row label={t('lines.promo', { code: draft.promoCode ?? '' })} value={`−${money(q.promoDiscount)}`} /> : null}
          <Row label={t('lines.rentAfter')} value={money(q.rentAfterDiscounts)} />
          {q.insurance > 0 ? <Row label={t('lines.insurance')} value={money(q.insurance)} /> : null}
          {q.supplies > 0 ? <Row label={t('lines.supplies')} value={money(q.supplies)} /> : null}
          <Row label={t('lines.setupFee')} value={money(q.setupFee)} />
          <Row label={t('lines.deposit')} value={method === 'card' ? t('lines.depositWaived') : money(q.securityDeposit)} />
          {q.withholdingTax > 0 ? <Row label={t('lines.withholding', { percent: WHT_RATE_PCT })} value={`−${money(q.withholdingTax)}`} /> : null}
          <div className="mt-2 border-t border-gray-200 pt-2">
            <Row strong label={t('lines.total')} value={<span data-testid="review-total">{money(q.totalDueToday)}</span>} />
          </div>
          <p className="text-right text-xs text-gray-600">{t('lines.vat', { amount: money(q.vatIncluded), percent: VAT_RATE_PCT })}</p>
        </dl>
      </Card>

      <div className="space-y-3 print:hidden">
        <label className="flex min-h-11 items-start gap-3 text-sm text-gray-900">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0"
            checked={draft.termsAccepted}
            onChange={(e) => {
              onTermsAccepted(e.target.checked);
              if (e.target.checked && feedback?.kind === 'agreement') setFeedback(null);
            }}
          />
          {t('acceptTerms')}
        </label>
        {/* The privacy notice is given where the data is collected (PDPA s. 23); the booking records the version in force
            (docs/product-rules.md#personal-data-pdpa). It informs: nothing to tick. */}
        <p className="text-sm text-gray-700">
          {t.rich('privacyNotice', {
            link: (chunks) => (
              <a href={`${localizedPath(locale, '/legal')}#privacy`} target="_blank" rel="noopener" className="font-medium underline">
                {chunks}
              </a>
            ),
          })}
        </p>

        <div aria-live="assertive">
          {feedback?.kind === 'agreement' ? <Notice tone="error" title={t('agreementRequiredTitle')}>{t('agreementRequiredBody')}</Notice> : null}
          {feedback?.kind === 'inProgress' ? <Notice tone="warning" title={t('inProgressTitle')}>{t('inProgressBody')}</Notice> : null}
          {feedback?.kind === 'missing' ? (
            <Notice tone="error" title={t('missingTitle')}>
              <ul className="list-disc pl-5">
                {feedback.items.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </Notice>
          ) : null}
          {feedback?.kind === 'failed' ? <Notice tone="error" title={t('failedTitle')}>{feedback.message}</Notice> : null}
          {feedback?.kind === 'success' ? (
            <Notice tone="success" title={t('successTitle')}>
              {t('successBody', { reference: feedback.reference })}
            </Notice>
          ) : null}
        </div>

        <div className="flex flex-wrap gap-3">
          <button type="button" className={`${primaryButton} flex-1 text-base`} disabled={busy} aria-busy={busy} onClick={submit}>
            {busy ? t('processing') : submitLabel(t, method, draft.paymentStatus, money(q.totalDueToday))}
          </button>
          <button type="button" className={secondaryButton} onClick={() => window.print()}>
            {t('print')}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The final button says what pressing it does (docs/product-rules.md#buttons-say-what-happens): "Pay ฿X now" only
 * where money moves now (card and PromptPay go straight to the payment page); otherwise it books, and says how the
 * money comes, or that the slip or the coins were already sent.
 */
function submitLabel(t: ReturnType<typeof useTranslations<'booking.review'>>, method: PaymentMethod | null, status: string | null, amount: string): string {
  if (!method || method === 'card' || method === 'promptpay') return t('payNow', { amount });
  if (status === 'proof_uploaded' || status === 'crypto_payment_sent') return t('submit.sent');
  return t(`submit.${method}`, { amount });
}
