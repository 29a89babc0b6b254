import 'server-only';
import { toLocale } from '@/lib/i18n/routing';
import type { Db } from '@/lib/db';
import { computeRenewal } from '@/lib/pricing/renewal';
import { issueInvoices } from '@/lib/invoices/issue';
import { buyerSnapshot, sellerSnapshot } from '@/lib/invoices/parties';
import { recordAudits } from '@/lib/audit';
import { queueEmails } from '@/lib/platform/mail/outbox';
import { pickLocalized } from '@/lib/i18n/localized';
import { translator } from '@/lib/i18n/translator';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { formatLongDate } from '@/lib/dates/bangkok';
import { bangkokMidnight, periodsToIssue, type RenewalPeriod } from './calendar';
import { isUniqueViolation } from './claims';
import { WHT_RATE_PCT } from '@/lib/pricing/catalog';

/**
 * Month two onwards: once a booking's prepaid term ends it continues month to month at the rental's own rate (a rent
 * change announced for the period's date included; docs/product-rules.md#prices-over-time-prepayment-and-card-retries),
 * insurance as chosen. Months paid ahead from the portal (paidThroughMonths) are not invoiced again. Each period's invoice is issued INVOICE_LEAD_DAYS before its billing date and is due on it;
 * one invoice per booking and period, whatever the number of runs or servers.
 *
 * At scale (README "Performance → Scale"): what does not change while the job runs (the unit's name, the customer, the
 * seller) is read once for every due renewal; renewals are then issued 50 to a transaction of six statements (lock and
 * re-check, numbers, invoices, lines, audit rows, emails), and each email is queued in that transaction (lib/platform/mail/outbox.ts) for the
 * task worker (`email.deliver` tasks) to compose and deliver, so the job renders no email.
 */
export async function issueDueRenewals(db: Db, now: Date): Promise<{ issued: string[]; emailsQueued: number }> {
  const today = todayInBangkok(now);
  const bookings = await db.booking.findMany({
    where: { status: { in: ['confirmed', 'active'] }, delinquency: { not: 'defaulted' } },
    select: { id: true, startDate: true, months: true, paidThroughMonths: true, moveOutDate: true, invoices: { where: { kind: 'renewal' }, select: { periodStart: true } } },
  });
  const due: { bookingId: string; period: RenewalPeriod }[] = [];
  for (const b of bookings) {
    const start = b.startDate.toISOString().slice(0, 10);
    const have = new Set(b.invoices.map((i) => i.periodStart?.toISOString().slice(0, 10)));
    // A notice to vacate fixes the last day: no period starting after it is invoiced (docs/product-rules.md#lifecycle).
    const moveOut = b.moveOutDate?.toISOString().slice(0, 10) ?? null;
    // Every period since the start (not a fixed few): a rental in its third year still renews.
    for (const period of periodsToIssue(start, b.months, today, 1200)) {
      if (have.has(period.start)) continue;
      if (b.paidThroughMonths !== null && b.months + period.index < b.paidThroughMonths) continue;
      if (moveOut && period.start > moveOut) break;
      due.push({ bookingId: b.id, period });
    }
  }
  if (!due.length) return { issued: [], emailsQueued: 0 };

  const details = new Map(
    (
      await db.booking.findMany({
        where: { id: { in: [...new Set(due.map((d) => d.bookingId))] } },
        select: { id: true, unitType: { select: { name: true, code: true } }, unit: { select: { number: true } }, customer: true },
      })
    ).map((b) => [b.id, b]),
  );
  const seller = await sellerSnapshot(db);
  const issued: string[] = [];
  for (let i = 0; i < due.length; i += BATCH) {
    const batch = due.slice(i, i + BATCH);
    try {
      issued.push(...(await issueBatch(db, batch, details, seller, now)));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another server issued one of these periods in the same instant: its invoice stands; the rest one at a time.
      for (const one of batch) {
        try {
          issued.push(...(await issueBatch(db, [one], details, seller, now)));
        } catch (e) {
          if (!isUniqueViolation(e)) throw e;
        }
      }
    }
  }
  return { issued, emailsQueued: issued.length };
}

/** Renewals issued per transaction: each transaction is a handful of statements whatever its size. */
const BATCH = 50;

type Details = Map<string, { unitType: { name: unknown; code: string }; unit: { number: string } | null; customer: Parameters<typeof buyerSnapshot>[0] & { email: string; locale: string } }>;

/**
 * One transaction for a batch of due periods: claims their bookings (another run or server skips a booking being
 * worked on rather than waiting, lib/billing/claims.ts) and, in the same statement, re-reads what may have changed since
 * the first read, whether each period is already invoiced, and the rate a rent change sets for it (the latest pending
 * one effective by its start, as rentRateFor in lib/billing/rent-changes.ts); then issues the invoices, their audit rows
 * and their emails (queued, lib/platform/mail/outbox.ts) together. An invoice a concurrent run committed meanwhile is
 * caught by the unique key. Returns the numbers issued.
 */
async function issueBatch(db: Db, batch: { bookingId: string; period: RenewalPeriod }[], details: Details, seller: Awaited<ReturnType<typeof sellerSnapshot>>, now: Date): Promise<string[]> {
  const keyOf = (d: { bookingId: string; period: RenewalPeriod }) => `renewal:${d.bookingId}:${d.period.start}`;
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { dedupe_key: string; status: string; months: number; paid_through_months: number | null; move_out_date: Date | null; rent_rate: number; insurance_monthly: number; customer_type: 'individual' | 'business'; locale: string; issued: boolean; new_rate: number | null }[]
    >`SELECT d.dedupe_key, b.status::text AS status, b.months, b.paid_through_months, b.move_out_date, b.rent_rate, b.insurance_monthly, b.customer_type::text AS customer_type, b.locale,
             EXISTS (SELECT 1 FROM invoices i WHERE i.dedupe_key = d.dedupe_key) AS issued,
             (SELECT rc.new_rate FROM rent_changes rc
               WHERE rc.booking_id = b.id AND rc.applied_at IS NULL AND rc.cancelled_at IS NULL AND rc.effective_from <= d.period_start
               ORDER BY rc.effective_from DESC LIMIT 1) AS new_rate
        FROM unnest(${batch.map((d) => d.bookingId)}::text[], ${batch.map((d) => d.period.start)}::date[], ${batch.map(keyOf)}::text[]) AS d(booking_id, period_start, dedupe_key)
        JOIN bookings b ON b.id = d.booking_id
        FOR UPDATE OF b SKIP LOCKED`;
    const state = new Map(rows.map((r) => [r.dedupe_key, r]));
    const toIssue: { input: Parameters<typeof issueInvoices>[1][number]; period: RenewalPeriod; locale: string; to: string }[] = [];
    for (const d of batch) {
      const booking = state.get(keyOf(d));
      const detail = details.get(d.bookingId);
      if (!booking || !detail || booking.issued) continue;
      const { period } = d;
      if (booking.status !== 'confirmed' && booking.status !== 'active') continue;
      if (booking.move_out_date && period.start > booking.move_out_date.toISOString().slice(0, 10)) continue;
      if (booking.paid_through_months !== null && booking.months + period.index < booking.paid_through_months) continue;
      const quote = computeRenewal({ monthlyRate: booking.new_rate ?? booking.rent_rate, insuranceMonthly: booking.insurance_monthly, customerType: booking.customer_type });
      const t = translator(booking.locale, 'invoice.lines');
      const unit = pickLocalized<string>(detail.unitType.name, booking.locale) ?? detail.unitType.code.toUpperCase();
      const periodText = `${formatLongDate(period.start, toLocale(booking.locale))} – ${formatLongDate(period.end, toLocale(booking.locale))}`;
      const lines = [
        { kind: 'rent' as const, description: t('rentPeriod', { unit: detail.unit ? `${unit} ${detail.unit.number}` : unit, period: periodText }), quantity: 1, unitSatang: quote.rent, amountSatang: quote.rent },
        ...(quote.insurance > 0 ? [{ kind: 'insurance' as const, description: t('insuranceMonth'), quantity: 1, unitSatang: quote.insurance, amountSatang: quote.insurance }] : []),
        ...(quote.withholdingTax > 0 ? [{ kind: 'withholding_tax' as const, description: t('withholdingTax', { percent: WHT_RATE_PCT }), quantity: 1, unitSatang: -quote.withholdingTax, amountSatang: -quote.withholdingTax }] : []),
      ];
      toIssue.push({
        input: {
          bookingId: d.bookingId,
          kind: 'renewal' as const,
          lines,
          vatSatang: quote.vatIncluded,
          issuedAt: now,
          dueAt: bangkokMidnight(period.start),
          periodStart: period.start,
          periodEnd: period.end,
          dedupeKey: keyOf(d),
          expectedTotal: quote.totalDue,
          parties: { buyer: buyerSnapshot(detail.customer), seller },
        },
        period,
        locale: toLocale(detail.customer.locale || booking.locale),
        to: detail.customer.email,
      });
    }
    const invoices = await issueInvoices(tx, toIssue.map((x) => x.input));
    await recordAudits(
      tx,
      invoices.map((invoice, k) => ({ actor: null, action: 'invoice.issue_renewal', entity: 'invoice', entityId: invoice.id, after: { number: invoice.number, bookingId: toIssue[k].input.bookingId, period: toIssue[k].period.start, totalSatang: invoice.totalSatang } })),
    );
    // Each invoice's email (pay link or saved card, lib/invoices/emails.ts), under the key the notices step checks
    // (lib/billing/notices.ts), so it is sent once whoever gets to it.
    await queueEmails(
      tx,
      invoices.map((invoice, k) => ({ dedupeKey: `invoice_issued:${invoice.id}`, template: 'invoice_issued', locale: toIssue[k].locale, to: toIssue[k].to, bookingId: toIssue[k].input.bookingId })),
    );
    return invoices.map((i) => i.number);
  });
}
