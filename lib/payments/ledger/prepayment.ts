// What paying a prepayment invoice settles (docs/product-rules.md#prices-over-time-prepayment-and-card-retries): the
// rental's paid_through_months moves past its months, so the renewals skip them. Offered and lapsed by billing
// (lib/billing/prepay.ts); applied here, by the settlement (./settle.ts), in the payment's transaction.
import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import { issueCreditNote } from '@/lib/invoices/credit-notes';
import { transition } from '@/lib/lifecycle';
import { recordAudit } from '@/lib/audit';
import { addDaysISO, addMonthsISO, dateColumn } from '@/lib/dates/bangkok';

type Tx = Prisma.TransactionClient;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Whole months from `from` to `to` (both billing dates of one rental, or null when `to` is not one). */
export function monthsBetween(from: string, to: string): number | null {
  for (let m = 0; m <= 1200; m++) if (addMonthsISO(from, m) === to) return m;
  return null;
}

/** settlePayment calls this when a prepayment invoice is paid in full: the renewals resume after its months. */
export async function applyPrepayment(tx: Tx, invoice: { id: string; bookingId: string; periodEnd: Date | null }) {
  const b = await tx.booking.findUniqueOrThrow({ where: { id: invoice.bookingId }, select: { startDate: true, months: true, paidThroughMonths: true } });
  if (!invoice.periodEnd) return;
  const resume = addDaysISO(iso(invoice.periodEnd), 1);
  const through = monthsBetween(iso(b.startDate), resume);
  if (through === null || through <= Math.max(b.months, b.paidThroughMonths ?? 0)) return;
  await tx.booking.update({ where: { id: invoice.bookingId }, data: { paidThroughMonths: through } });
  // Paid late (after a part payment held the lapse back), a month it covers may have been invoiced meanwhile: that rent
  // invoice is credited and voided, or flagged for a refund when it was paid too.
  const from = await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { periodStart: true } });
  const overlapping = await tx.invoice.findMany({
    where: { bookingId: invoice.bookingId, kind: 'renewal', status: { in: ['open', 'paid'] }, periodStart: { gte: from.periodStart ?? invoice.periodEnd, lt: dateColumn(resume) } },
    include: { creditNotes: { select: { amountSatang: true } } },
  });
  for (const r of overlapping) {
    const left = r.totalSatang - r.creditNotes.reduce((a, c) => a + c.amountSatang, 0);
    if (r.status === 'open') {
      if (left > 0) await issueCreditNote(tx, { invoiceId: r.id, amountSatang: left, reason: 'month paid ahead by a prepayment', dedupeKey: `prepaid:${r.id}`, issuedAt: new Date() });
      await transition(tx, 'invoice', r.id, 'void', { note: `month paid ahead by prepayment ${invoice.id}` });
    } else {
      await recordAudit(tx, { actor: null, action: 'invoice.refund_due', entity: 'invoice', entityId: r.id, after: { prepaymentInvoiceId: invoice.id }, note: 'month paid twice (rent and prepayment): refund one' });
    }
  }
  await recordAudit(tx, { actor: null, action: 'booking.prepaid', entity: 'booking', entityId: invoice.bookingId, before: { paidThroughMonths: b.paidThroughMonths }, after: { paidThroughMonths: through, billedAgainFrom: resume, invoiceId: invoice.id } });
}
