import 'server-only';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { issueCreditNote } from '@/lib/invoices/credit-notes';
import { setBookingPaymentStatus, transition } from '@/lib/lifecycle';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { log } from '@/lib/log';
import { claimEvent, idOf, type HandlerResult, type StripeEventHandler, type Tx } from './shared';

type RefundFacts = { id: string; amount: number; status: string | null; reason: string | null; deposit: boolean };

/**
 * One credit note per Stripe refund id, whichever event tells us first (charge.refunded, refund.created or
 * refund.updated), so duplicates and any order converge. The payment is 'refunded' once the refunds cover it; a
 * partial refund leaves it paid with the refunded amount recorded.
 */
async function applyRefunds(tx: Tx, paymentIntentId: string | null, refunds: RefundFacts[], now: Date): Promise<HandlerResult> {
  if (!paymentIntentId) return { outcome: 'ignored' };
  const payment = await tx.payment.findFirst({ where: { providerPaymentId: paymentIntentId } });
  if (!payment) return { outcome: 'unknown_payment' };
  await tx.$queryRaw`SELECT id FROM payments WHERE id = ${payment.id} FOR UPDATE`;
  for (const r of refunds) {
    if (r.status === 'failed' || r.status === 'canceled') continue;
    if (!payment.invoiceId) continue;
    await issueCreditNote(tx, {
      invoiceId: payment.invoiceId,
      paymentId: payment.id,
      amountSatang: r.amount,
      reason: r.reason ? `refund (${r.reason})` : 'refund',
      dedupeKey: `refund:${r.id}`,
      providerRefundId: r.id,
      issuedAt: now,
      // The deposit is outside VAT: its refund credits none.
      ...(r.deposit ? { vatSatang: 0 } : {}),
    });
  }
  const credited = await tx.creditNote.aggregate({ where: { paymentId: payment.id }, _sum: { amountSatang: true } });
  const refunded = Math.min(payment.amountSatang, credited._sum.amountSatang ?? 0);
  const full = refunded >= payment.amountSatang && payment.amountSatang > 0;
  // A payment refunded in full before it was paid (Stripe's events arrive in any order) keeps its status until the
  // success is told; the next refund event then moves it. Nothing changed otherwise: no second audit row.
  if (refunded !== payment.refundedSatang || (full && payment.status === 'paid')) {
    if (full && payment.status === 'paid') await transition(tx, 'payment', payment.id, 'refund', { data: { refundedSatang: refunded }, audit: { refundedSatang: refunded } });
    else await tx.payment.update({ where: { id: payment.id }, data: { refundedSatang: refunded } });
    await recordAudit(tx, { actor: null, action: full ? 'payment.refund_full' : 'payment.refund_partial', entity: 'payment', entityId: payment.id, before: { refundedSatang: payment.refundedSatang }, after: { refundedSatang: refunded } });
    const invoice = payment.invoiceId ? await tx.invoice.findUnique({ where: { id: payment.invoiceId }, select: { kind: true } }) : null;
    if (full && invoice?.kind === 'initial') await setBookingPaymentStatus(tx, payment.bookingId, 'refunded');
  }
  return { outcome: 'processed' };
}

const facts = (r: Stripe.Refund): RefundFacts => ({ id: r.id, amount: r.amount, status: r.status ?? null, reason: r.reason ?? null, deposit: r.metadata?.kind === 'deposit' });

/** charge.refunded: the charge's refunds (listed from Stripe when the event does not carry them). */
export const onChargeRefunded: StripeEventHandler = async (db: Db, event, { now }) => {
  const charge = event.data.object as Stripe.Charge;
  let refunds = charge.refunds?.data?.map(facts);
  if (!refunds) {
    const stripe = createStripeClient();
    refunds = stripe ? (await stripe.refunds.list({ charge: charge.id, limit: 100 })).data.map(facts) : [];
    if (!stripe) log.warn({ charge: charge.id }, 'stripe: charge.refunded without refunds and no client to list them');
  }
  return db.$transaction(async (tx) => {
    if (!(await claimEvent(tx, event))) return { outcome: 'duplicate' as const };
    return applyRefunds(tx, idOf(charge.payment_intent as string | null), refunds, now);
  });
};

/** refund.created / refund.updated: one refund. */
export const onRefund: StripeEventHandler = async (db, event, { now }) => {
  const refund = event.data.object as Stripe.Refund;
  return db.$transaction(async (tx) => {
    if (!(await claimEvent(tx, event))) return { outcome: 'duplicate' as const };
    return applyRefunds(tx, idOf(refund.payment_intent as string | null), [facts(refund)], now);
  });
};
