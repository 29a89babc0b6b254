'use client';
import { useMemo, useRef, useState } from 'react';
import { computeQuote, FIRST_MONTH_OFF_PCT, INSURANCE_LEVELS, TERM_CODES, TERMS, VAT_RATE_PCT, WHT_RATE_PCT, type PaymentMethod, type PricingMode, type TermCode } from '@/lib/pricing';
import { formatTHB } from '@/lib/format/money';
import type { BookingDraft } from '@/lib/booking/draft';
import { isOnlineMethod } from '@/lib/booking/payment-methods';
import { formatBranchNumber, TAX_BRANCH_KINDS, taxBranchError, type TaxBranchError, type TaxBranchKind } from '@/lib/validation/tax-branch';
import { submitCheckout } from './actions';
import { holdCopyValues } from '@/lib/holds/rules';
import { useHydrated } from '@/components/use-hydrated';
import { localizedPath, type Locale } from '@/lib/i18n/routing';

const METHODS: PaymentMethod[] = ['card', 'promptpay', 'bank_transfer', 'crypto', 'cash'];
const STATUS: Record<PaymentMethod, BookingDraft['paymentStatus']> = {
  card: 'pending_payment',
  promptpay: 'pending_payment',
  bank_transfer: 'pending_bank_transfer',
  crypto: 'crypto_payment_sent',
  cash: 'pending_arrival',
};
/** The contract counts as read within 10 px of its end (spec). */
const READ_THRESHOLD_PX = 10;

/** The `checkout` messages as the server read them, filled in here ({name} placeholders only, no ICU plurals). */
export type CheckoutTexts = { [key: string]: string | CheckoutTexts };

function translate(texts: CheckoutTexts, key: string, values: Record<string, string | number> = {}): string {
  let node: string | CheckoutTexts | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m)) : key;
}

interface Props {
  texts: CheckoutTexts;
  locale: string;
  unit: { code: string; name: string; dimensions: string; monthlyRate: number; pricingMode: PricingMode };
  initialTerm: TermCode;
  agreement: { html: string; documentId: string | null };
  window: { min: string; max: string };
  cardAvailable: boolean;
  offer: { id: string; token: string; expiresAt: string } | null;
}

const input = 'mt-1 block w-full min-h-11 rounded-lg border border-gray-300 px-3 py-2 text-gray-900';

export function CheckoutForm({ texts, locale, unit, initialTerm, agreement, window: moveIn, cardAvailable, offer }: Props) {
  const t = (key: string, values?: Record<string, string | number>) => translate(texts, key, values);
  const idempotencyKey = useRef(`checkout-${crypto.randomUUID()}`);
  const hydrated = useHydrated();
  const [term, setTerm] = useState<TermCode>(initialTerm);
  const [insurance, setInsurance] = useState(0);
  const [startDate, setStartDate] = useState(moveIn.min);
  const [customerType, setCustomerType] = useState<'individual' | 'business'>('individual');
  const [method, setMethod] = useState<PaymentMethod>(cardAvailable ? 'card' : 'bank_transfer');
  const [contact, setContact] = useState({ firstName: '', lastName: '', email: '', phone: '', address: '', companyName: '', taxId: '', branchNumber: '' });
  const [taxBranch, setTaxBranch] = useState<TaxBranchKind>('head_office');
  const [branchError, setBranchError] = useState<TaxBranchError | null>(null);
  const [scrolled, setScrolled] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [signature, setSignature] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; missing: string[] } | null>(null);

  const quote = useMemo(
    () => computeQuote({ monthlyRate: unit.monthlyRate, pricingMode: unit.pricingMode, term, insuranceMonthly: insurance, supplies: [], customerType, paymentMethod: method }),
    [unit, term, insurance, customerType, method],
  );
  const money = (s: number) => formatTHB(s, locale);
  const set = (k: keyof typeof contact) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setContact((c) => ({ ...c, [k]: e.target.value }));
  const ready = scrolled && agreed && signature.trim() !== '' && !busy;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!ready) return;
    const branchProblem = customerType === 'business' ? taxBranchError({ kind: taxBranch, number: contact.branchNumber }) : null;
    setBranchError(branchProblem);
    if (branchProblem) {
      document.getElementById('checkout-branch-number')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const draft: BookingDraft = {
      version: 1,
      step: 12,
      unitTypeCode: unit.code,
      customerType,
      startDate,
      term,
      insuranceMonthly: insurance,
      promoCode: null,
      supplies: {},
      contact: { ...contact, taxBranch, whatsapp: '', whatsappSameAsPhone: false },
      paymentMethod: method,
      paymentStatus: STATUS[method],
      proofUploadId: null,
      agreement: { scrolled, agreed, signature, signedAt: new Date().toISOString(), documentId: agreement.documentId, locale: locale as Locale },
      termsAccepted: true,
      idempotencyKey: idempotencyKey.current,
      draftToken: null,
    };
    const r = await submitCheckout({ draft, offer: offer ? { id: offer.id, token: offer.token } : null }).catch(() => null);
    if (r?.ok) {
      window.location.assign(r.data.redirectUrl);
      return;
    }
    setError({ message: r && !r.ok ? r.message : t('failed'), missing: r && !r.ok ? (r.details ?? []) : [] });
    setBusy(false);
  }

  const line = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'text-base font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-gray-700'}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );

  return (
    <form onSubmit={submit} className="mx-auto grid max-w-5xl gap-6 px-4 py-8 lg:grid-cols-[1fr_360px]" noValidate>
      {/* Until React has the page, a tap on a choice (business, a method) would change the box but not the form: wait. */}
      <fieldset disabled={!hydrated} className="min-w-0 space-y-6">
        <h1 className="text-2xl font-bold text-brand-900">{t('title', { unit: unit.name })}</h1>
        {offer ? <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('offerHeld')}</p> : null}

        <section className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
          <h2 className="text-lg font-semibold">{t('rentalTitle')}</h2>
          <label className="block text-sm font-medium">
            {t('term')}
            <select className={input} value={term} onChange={(e) => setTerm(e.target.value as TermCode)}>
              {TERM_CODES.map((c) => (
                <option key={c} value={c}>
                  {t(`terms.${c}`, { percent: TERMS[c].discountPct })}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium">
            {t('moveIn')}
            <input type="date" className={input} min={moveIn.min} max={moveIn.max} value={startDate} onChange={(e) => setStartDate(e.target.value)} required />
          </label>
          <label className="block text-sm font-medium">
            {t('insurance')}
            <select className={input} value={insurance} onChange={(e) => setInsurance(Number(e.target.value))}>
              {INSURANCE_LEVELS.map((m) => (
                <option key={m} value={m}>
                  {m === 0 ? t('noInsurance') : t('insuranceLevel', { price: money(m), cover: money(m * 1000) })}
                </option>
              ))}
            </select>
          </label>
        </section>

        <section className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
          <h2 className="text-lg font-semibold">{t('detailsTitle')}</h2>
          <fieldset className="flex gap-4 text-sm">
            <legend className="sr-only">{t('customerType')}</legend>
            {(['individual', 'business'] as const).map((c) => (
              <label key={c} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="customerType" checked={customerType === c} onChange={() => setCustomerType(c)} />
                {t(`customerTypes.${c}`)}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="block text-sm font-medium">
              {t('firstName')}
              <input className={input} value={contact.firstName} onChange={set('firstName')} autoComplete="given-name" required />
            </label>
            <label className="block text-sm font-medium">
              {t('lastName')}
              <input className={input} value={contact.lastName} onChange={set('lastName')} autoComplete="family-name" required />
            </label>
            <label className="block text-sm font-medium">
              {t('email')}
              <input type="email" className={input} value={contact.email} onChange={set('email')} autoComplete="email" required />
            </label>
            <label className="block text-sm font-medium">
              {t('phone')}
              <input type="tel" className={input} value={contact.phone} onChange={set('phone')} autoComplete="tel" required />
            </label>
          </div>
          <label className="block text-sm font-medium">
            {t('address')}
            <textarea className={input} rows={2} value={contact.address} onChange={set('address')} autoComplete="street-address" required />
          </label>
          {customerType === 'business' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="block text-sm font-medium">
                {t('companyName')}
                <input className={input} value={contact.companyName} onChange={set('companyName')} autoComplete="organization" />
              </label>
              <label className="block text-sm font-medium">
                {t('taxId')}
                <input className={input} inputMode="numeric" value={contact.taxId} onChange={set('taxId')} />
              </label>
              <fieldset className="text-sm sm:col-span-2">
                <legend className="font-medium">{t('taxBranch.legend')}</legend>
                <p className="text-xs text-gray-600">{t('taxBranch.hint')}</p>
                <div className="flex flex-wrap gap-x-6">
                  {TAX_BRANCH_KINDS.map((kind) => (
                    <label key={kind} className="flex min-h-11 items-center gap-2">
                      <input
                        type="radio"
                        name="taxBranch"
                        checked={taxBranch === kind}
                        onChange={() => {
                          setTaxBranch(kind);
                          setBranchError(null);
                        }}
                      />
                      {kind === 'head_office' ? t('taxBranch.headOffice') : t('taxBranch.branch')}
                    </label>
                  ))}
                </div>
              </fieldset>
              {taxBranch === 'branch' ? (
                <label className="block text-sm font-medium">
                  {t('taxBranch.branchNumber')}
                  <input
                    id="checkout-branch-number"
                    className={input}
                    inputMode="numeric"
                    maxLength={5}
                    value={contact.branchNumber}
                    aria-invalid={branchError ? true : undefined}
                    aria-describedby="checkout-branch-number-hint"
                    onChange={(e) => {
                      setContact((c) => ({ ...c, branchNumber: formatBranchNumber(e.target.value) }));
                      setBranchError(null);
                    }}
                  />
                  <span id="checkout-branch-number-hint" className="mt-1 block text-xs font-normal text-gray-600">
                    {t('taxBranch.branchNumberHint')}
                  </span>
                  {branchError ? <span className="mt-1 block text-sm font-medium text-red-700">{t(`taxBranch.errors.${branchError}`)}</span> : null}
                </label>
              ) : null}
            </div>
          ) : null}
        </section>

        <section className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
          <h2 className="text-lg font-semibold">{t('paymentTitle')}</h2>
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="sr-only">{t('paymentTitle')}</legend>
            {METHODS.map((m) => {
              // Shown, disabled, with the reason where it is chosen (docs/product-rules.md#payment-methods-that-cannot-be-used).
              const off = !cardAvailable && isOnlineMethod(m);
              return (
                <label key={m} className={`flex min-h-11 items-center gap-2 rounded-lg border p-3 text-sm ${method === m ? 'border-brand-700 bg-brand-50' : 'border-gray-200'} ${off ? 'opacity-70' : ''}`}>
                  <input type="radio" name="method" checked={method === m} disabled={off} onChange={() => setMethod(m)} />
                  <span>
                    <span className="font-medium">{t(`methods.${m}`)}</span>
                    <span className="block text-xs text-gray-600">{off ? t('methodUnavailable') : t(`methodNotes.${m}`, holdCopyValues(m))}</span>
                  </span>
                </label>
              );
            })}
          </fieldset>
        </section>

        <section className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
          <h2 className="text-lg font-semibold">{t('agreementTitle')}</h2>
          <div
            role="document"
            aria-label={t('agreementLabel')}
            tabIndex={0}
            className="prose prose-sm max-h-64 overflow-y-auto rounded border border-gray-200 p-3"
            onScroll={(e) => {
              const el = e.currentTarget;
              if (el.scrollHeight - el.scrollTop - el.clientHeight <= READ_THRESHOLD_PX) setScrolled(true);
            }}
            // Read to the end before React took the page over (its script still loading): that scroll fired no
            // handler, so the position is looked at once the page is ready, or the box could never be ticked.
            ref={(el) => {
              if (el && el.scrollTop > 0 && el.scrollHeight - el.scrollTop - el.clientHeight <= READ_THRESHOLD_PX) setScrolled(true);
            }}
            dangerouslySetInnerHTML={{ __html: agreement.html }}
          />
          {!scrolled ? <p className="text-xs text-gray-600">{t('scrollHint')}</p> : null}
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" checked={agreed} disabled={!scrolled} onChange={(e) => setAgreed(e.target.checked)} />
            {t('agree')}
          </label>
          <label className="block text-sm font-medium">
            {t('signature')}
            <input className={input} value={signature} disabled={!agreed} onChange={(e) => setSignature(e.target.value)} autoComplete="name" />
          </label>
          {/* The privacy notice is given where the data is collected (PDPA s. 23); the booking records the version in force
              (docs/product-rules.md#personal-data-pdpa). It informs: nothing to tick. */}
          <p className="text-sm text-gray-700">
            {t('privacyNoticeLead')}{' '}
            <a href={`${localizedPath(locale as Locale, '/legal')}#privacy`} target="_blank" rel="noopener" className="font-medium underline">
              {t('privacyNoticeLink')}
            </a>
          </p>
        </section>
      </fieldset>

      <aside className="h-fit space-y-3 rounded-xl border border-gray-200 bg-white p-4 lg:sticky lg:top-4">
        <h2 className="text-lg font-semibold">{t('proformaTitle')}</h2>
        <p className="text-sm text-gray-700">
          {unit.name} · {unit.dimensions}
        </p>
        <dl className="text-sm">
          {line(t('lines.rent', { months: quote.months, rate: money(quote.monthlyRate) }), money(quote.rentBeforeDiscounts))}
          {quote.termDiscount ? line(t('lines.termDiscount', { pct: quote.termDiscountPct }), `−${money(quote.termDiscount)}`) : null}
          {quote.firstMonthDiscount ? line(t('lines.firstMonth', { percent: FIRST_MONTH_OFF_PCT }), `−${money(quote.firstMonthDiscount)}`) : null}
          {quote.insurance ? line(t('lines.insurance'), money(quote.insurance)) : null}
          {line(t('lines.setupFee'), money(quote.setupFee))}
          {line(t('lines.deposit'), quote.securityDeposit ? money(quote.securityDeposit) : t('lines.depositWaived'))}
          {quote.withholdingTax ? line(t('lines.withholding', { percent: WHT_RATE_PCT }), `−${money(quote.withholdingTax)}`) : null}
          {line(t('lines.total'), money(quote.totalDueToday), true)}
        </dl>
        <p className="text-xs text-gray-600">{t('lines.vat', { amount: money(quote.vatIncluded), percent: VAT_RATE_PCT })}</p>
        {error ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">{error.message}</p>
            {error.missing.length ? (
              <ul className="mt-1 list-disc pl-5">
                {error.missing.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <button type="submit" disabled={!ready} className="min-h-11 w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
          {busy ? t('processing') : t('submit', { total: money(quote.totalDueToday) })}
        </button>
      </aside>
    </form>
  );
}
