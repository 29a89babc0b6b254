import 'server-only';
import { toLocale } from '@/lib/i18n/routing';
import type { Db } from '@/lib/db';
import { computeRenewal } from '@/lib/pricing/renewal';
import { issueInvoice } from '@/lib/invoices/issue';
import { recordAudit } from '@/lib/audit';
import { pickLocalized } from '@/lib/i18n/localized';
import { translator } from '@/lib/i18n/translator';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { formatLongDate } from '@/lib/dates/bangkok';
import { bangkokMidnight, periodsToIssue } from './calendar';
import { claimBooking, isUniqueViolation } from './claims';
import { rentRateFor } from './rent-changes';

/**
 * Month two onwards: once a booking's prepaid term ends it continues month to month at the rental's own rate (a rent
 * change announced for the period's date included; docs/product-rules.md#prices-over-time-prepayment-and-card-retries),
 * insurance as chosen. Months paid ahead from the portal (paidThroughMonths) are not invoiced again. Each period's invoice is issued INVOICE_LEAD_DAYS before its billing date and is due on it;
 * one invoice per booking and period, whatever the number of runs or servers.
 */
export async function issueDueRenewals(db: Db, now: Date): Promise<{ issued: string[] }> {
  const today = todayInBangkok(now);
  const bookings = await db.booking.findMany({
    where: { status: { in: ['confirmed', 'active'] }, delinquency: { not: 'defaulted' } },
    select: { id: true, startDate: true, months: true, paidThroughMonths: true, moveOutDate: true, invoices: { where: { kind: 'renewal' }, select: { periodStart: true } } },
  });
  const issued: string[] = [];
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
      try {
        const number = await db.$transaction(async (tx) => {
          if (!(await claimBooking(tx, b.id))) return null;
          const dedupeKey = `renewal:${b.id}:${period.start}`;
          if (await tx.invoice.findUnique({ where: { dedupeKey }, select: { id: true } })) return null;
          const booking = await tx.booking.findUniqueOrThrow({ where: { id: b.id }, include: { unitType: true, unit: { select: { number: true } } } });
          if (booking.status !== 'confirmed' && booking.status !== 'active') return null;
          if (booking.moveOutDate && period.start > booking.moveOutDate.toISOString().slice(0, 10)) return null;
          if (booking.paidThroughMonths !== null && booking.months + period.index < booking.paidThroughMonths) return null;
          const quote = computeRenewal({ monthlyRate: await rentRateFor(tx, booking, period.start), insuranceMonthly: booking.insuranceMonthly, customerType: booking.customerType });
          const t = translator(booking.locale, 'invoice.lines');
          const unit = pickLocalized<string>(booking.unitType.name, booking.locale) ?? booking.unitType.code.toUpperCase();
          const periodText = `${formatLongDate(period.start, toLocale(booking.locale))} – ${formatLongDate(period.end, toLocale(booking.locale))}`;
          const lines = [
            { kind: 'rent' as const, description: t('rentPeriod', { unit: booking.unit ? `${unit} ${booking.unit.number}` : unit, period: periodText }), quantity: 1, unitSatang: quote.rent, amountSatang: quote.rent },
            ...(quote.insurance > 0 ? [{ kind: 'insurance' as const, description: t('insuranceMonth'), quantity: 1, unitSatang: quote.insurance, amountSatang: quote.insurance }] : []),
            ...(quote.withholdingTax > 0 ? [{ kind: 'withholding_tax' as const, description: t('withholdingTax'), quantity: 1, unitSatang: -quote.withholdingTax, amountSatang: -quote.withholdingTax }] : []),
          ];
          const invoice = await issueInvoice(tx, {
            bookingId: booking.id,
            kind: 'renewal',
            lines,
            vatSatang: quote.vatIncluded,
            issuedAt: now,
            dueAt: bangkokMidnight(period.start),
            periodStart: period.start,
            periodEnd: period.end,
            dedupeKey,
            expectedTotal: quote.totalDue,
          });
          await recordAudit(tx, { actor: null, action: 'invoice.issue_renewal', entity: 'invoice', entityId: invoice.id, after: { number: invoice.number, bookingId: booking.id, period: period.start, totalSatang: invoice.totalSatang } });
          return invoice.number;
        });
        if (number) issued.push(number);
      } catch (error) {
        // Another server issued this period in the same instant: its invoice stands.
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }
  return { issued };
}
