import 'server-only';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { computePrepayment, type PrepaymentQuote } from '@/lib/pricing/renewal';
import { TERMS, WHT_RATE_PCT } from '@/lib/pricing';
import { issueInvoice } from '@/lib/invoices/issue';
import { issueCreditNote } from '@/lib/invoices/credit-notes';
import { transition } from '@/lib/lifecycle';
import { recordAudit } from '@/lib/audit';
import { pickLocalized } from '@/lib/i18n/localized';
import { toLocale, translator } from '@/lib/i18n/translator';
import { addDaysISO, dateColumn, formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { addMonthsISO, bangkokMidnight, renewalPeriod } from './calendar';
import { rentRateFor } from './rent-changes';
import { monthsBetween } from '@/lib/payments/ledger/prepayment';
import { Refusal } from '@/lib/actions/refusal';

/**
 * Prepayment (docs/product-rules.md#prices-over-time-prepayment-and-card-retries): a tenant pays the next 3, 6 or 12
 * months ahead at the term's discount. One invoice (kind prepay) covers those months; once it is paid the rental's
 * paid_through_months moves past them and the renewals (lib/billing/renewals.ts) skip them. Unpaid when its first month
 * comes up for invoicing, it lapses (credited and voided) and the month is invoiced as usual.
 */
export const PREPAY_TERMS = ['3m', '6m', '12m'] as const;
export type PrepayTerm = (typeof PREPAY_TERMS)[number];

type Tx = Prisma.TransactionClient;
const iso = (d: Date) => d.toISOString().slice(0, 10);

export type PrepayError = 'not_allowed' | 'prepay_open';
export class PrepayFailure extends Refusal {
  constructor(readonly code: PrepayError) {
    super(code);
  }
  say(locale: string): string {
    return translator(locale, 'rentTerms.portal')(`errors.${this.code}`);
  }
}

interface RentalForPrepay {
  id: string;
  status: string;
  startDate: Date;
  months: number;
  paidThroughMonths: number | null;
  noticeGivenAt: Date | null;
  delinquency: string;
  rentRate: number;
  insuranceMonthly: number;
  customerType: 'individual' | 'business';
  invoices: { kind: string; status: string; periodStart: Date | null }[];
}

/** Months from the start date to the first month a prepayment made today would cover (null: none can be). */
export function firstPrepayableMonth(b: RentalForPrepay, today: string): number | null {
  if ((b.status !== 'confirmed' && b.status !== 'active') || b.noticeGivenAt || b.delinquency !== 'current') return null;
  const start = iso(b.startDate);
  const invoiced = new Set(b.invoices.filter((i) => i.kind === 'renewal' && i.status !== 'void').map((i) => (i.periodStart ? iso(i.periodStart) : '')));
  // A month already invoiced, or whose invoice is due out today, is paid the usual way.
  for (let k = Math.max(b.months, b.paidThroughMonths ?? 0); k < b.months + 1200; k++) {
    const p = renewalPeriod(start, k, 0);
    if (!invoiced.has(p.start) && p.issueOn > today) return k;
  }
  return null;
}

export interface PrepayOption {
  term: PrepayTerm;
  from: string;
  to: string;
  quote: PrepaymentQuote;
}

/** What the portal offers: each term priced from the rental's own rate for the months it would cover. */
export async function prepayOptions(db: Db | Tx, bookingId: string, now: Date): Promise<{ options: PrepayOption[]; openInvoice: { id: string; number: string } | null }> {
  const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { invoices: { select: { id: true, number: true, kind: true, status: true, periodStart: true } } } });
  const open = b.invoices.find((i) => i.kind === 'prepay' && i.status === 'open');
  if (open) return { options: [], openInvoice: { id: open.id, number: open.number } };
  const k = firstPrepayableMonth(b, todayInBangkok(now));
  if (k === null) return { options: [], openInvoice: null };
  const start = iso(b.startDate);
  const from = addMonthsISO(start, k);
  const rate = await rentRateFor(db as Tx, b, from);
  const options = PREPAY_TERMS.map((term) => {
    const quote = computePrepayment({ monthlyRate: rate, term, insuranceMonthly: b.insuranceMonthly, customerType: b.customerType });
    return { term, from, to: addDaysISO(addMonthsISO(start, k + quote.months), -1), quote };
  });
  return { options, openInvoice: null };
}

/**
 * Issues the prepayment invoice for `term`, due 7 days before the first month it covers (when that month's renewal
 * would be issued). Asking again for the same term answers the same invoice; another term while one is open is refused.
 */
export async function createPrepayInvoice(db: Db, bookingId: string, term: PrepayTerm, now: Date = new Date()): Promise<{ invoiceId: string; number: string }> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
    const b = await tx.booking.findUniqueOrThrow({
      where: { id: bookingId },
      include: { unitType: true, unit: { select: { number: true } }, invoices: { select: { id: true, number: true, kind: true, status: true, periodStart: true, periodEnd: true } } },
    });
    const open = b.invoices.find((i) => i.kind === 'prepay' && i.status === 'open');
    if (open) {
      const months = open.periodStart && open.periodEnd ? monthsBetween(iso(open.periodStart), addDaysISO(iso(open.periodEnd), 1)) : null;
      if (months === TERMS[term].months) return { invoiceId: open.id, number: open.number };
      throw new PrepayFailure('prepay_open');
    }
    const k = firstPrepayableMonth(b, todayInBangkok(now));
    if (k === null) throw new PrepayFailure('not_allowed');
    const start = iso(b.startDate);
    const from = addMonthsISO(start, k);
    const quote = computePrepayment({ monthlyRate: await rentRateFor(tx, b, from), term, insuranceMonthly: b.insuranceMonthly, customerType: b.customerType });
    const to = addDaysISO(addMonthsISO(start, k + quote.months), -1);
    const locale = toLocale(b.locale);
    const t = translator(locale, 'rentTerms.lines');
    const unitName = pickLocalized<string>(b.unitType.name, locale) ?? b.unitType.code.toUpperCase();
    const unit = b.unit ? `${unitName} ${b.unit.number}` : unitName;
    const period = `${formatLongDate(from, locale)} – ${formatLongDate(to, locale)}`;
    const lines = [
      { kind: 'rent' as const, description: t('rent', { unit, months: quote.months, period }), quantity: quote.months, unitSatang: quote.monthlyRate, amountSatang: quote.rentBeforeDiscount },
      ...(quote.termDiscount > 0 ? [{ kind: 'discount' as const, description: t('termDiscount', { pct: quote.termDiscountPct }), quantity: 1, unitSatang: -quote.termDiscount, amountSatang: -quote.termDiscount }] : []),
      ...(quote.insurance > 0 ? [{ kind: 'insurance' as const, description: t('insurance', { months: quote.months }), quantity: quote.months, unitSatang: b.insuranceMonthly, amountSatang: quote.insurance }] : []),
      ...(quote.withholdingTax > 0 ? [{ kind: 'withholding_tax' as const, description: translator(locale, 'invoice.lines')('withholdingTax', { percent: WHT_RATE_PCT }), quantity: 1, unitSatang: -quote.withholdingTax, amountSatang: -quote.withholdingTax }] : []),
    ];
    const invoice = await issueInvoice(tx, {
      bookingId: b.id,
      kind: 'prepay',
      lines,
      vatSatang: quote.vatIncluded,
      issuedAt: now,
      dueAt: bangkokMidnight(renewalPeriod(start, k, 0).issueOn),
      periodStart: from,
      periodEnd: to,
      expectedTotal: quote.totalDue,
    });
    await recordAudit(tx, { actor: null, action: 'invoice.issue_prepay', entity: 'invoice', entityId: invoice.id, after: { number: invoice.number, bookingId: b.id, term, from, to, totalSatang: invoice.totalSatang }, note: 'customer' });
    return { invoiceId: invoice.id, number: invoice.number };
  });
}

/** Billing job, before the renewals: an unpaid prepayment whose first month is due to be invoiced lapses. */
export async function lapseUnpaidPrepayments(db: Db, now: Date): Promise<{ lapsed: number }> {
  const today = todayInBangkok(now);
  const due = await db.invoice.findMany({ where: { kind: 'prepay', status: 'open', dueAt: { lte: bangkokMidnight(today) } }, select: { id: true } });
  let lapsed = 0;
  for (const { id } of due) {
    const done = await db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM invoices WHERE id = ${id} AND status = 'open' FOR UPDATE SKIP LOCKED`;
      if (!locked.length) return false;
      const invoice = await tx.invoice.findUniqueOrThrow({ where: { id }, include: { creditNotes: { select: { amountSatang: true } }, payments: { select: { status: true, amountSatang: true } } } });
      // Part paid (or a slip waiting for staff): staff settle it with the customer rather than the job.
      if (invoice.payments.some((p) => p.status === 'paid' || p.status === 'proof_uploaded' || p.status === 'awaiting_verification' || p.status === 'pending_payment')) return false;
      const left = invoice.totalSatang - invoice.creditNotes.reduce((a, c) => a + c.amountSatang, 0);
      if (left > 0) await issueCreditNote(tx, { invoiceId: id, amountSatang: left, reason: 'prepayment not paid before its first month', dedupeKey: `prepay_lapse:${id}`, issuedAt: now });
      await transition(tx, 'invoice', id, 'void', { note: 'prepayment not paid before its first month: the month is invoiced as usual' });
      return true;
    });
    if (done) lapsed++;
  }
  return { lapsed };
}
