import 'server-only';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import { chargeSavedCard } from '@/lib/payments/off-session';
import { failPayment, settlePayment } from '@/lib/invoices/settle';
import { sendInvoiceIssued, sendPaymentReceived } from '@/lib/email/billing-emails';
import { log } from '@/lib/log';
import { isUniqueViolation } from './claims';

/**
 * On its due date a renewal of a customer with a saved card is charged off-session, once: the attempt is claimed by a
 * Payment row keyed offsession:<invoice> before Stripe is called, so two runs never charge twice. A decline sends
 * the pay link instead.
 */
export async function chargeSavedCards(db: Db, now: Date, stripe: Stripe | null): Promise<{ charged: number; failed: number }> {
  if (!stripe) return { charged: 0, failed: 0 };
  const due = await db.invoice.findMany({
    where: { kind: 'renewal', status: 'open', dueAt: { lte: now }, booking: { customer: { stripeCustomerId: { not: null } }, status: { in: ['confirmed', 'active'] } } },
    include: { booking: { include: { customer: true } } },
  });
  let charged = 0;
  let failed = 0;
  for (const invoice of due) {
    let paymentId: string;
    try {
      const payment = await db.payment.create({
        data: { bookingId: invoice.bookingId, invoiceId: invoice.id, method: 'card', status: 'pending_payment', amountSatang: invoice.totalSatang, provider: 'stripe', idempotencyKey: `offsession:${invoice.id}` },
      });
      paymentId = payment.id;
    } catch (error) {
      if (isUniqueViolation(error)) continue; // attempted before (this run twice, or another server)
      throw error;
    }
    let outcome;
    try {
      outcome = await chargeSavedCard(stripe, {
        stripeCustomerId: invoice.booking.customer.stripeCustomerId!,
        amountSatang: invoice.totalSatang,
        paymentId,
        invoiceId: invoice.id,
        bookingId: invoice.bookingId,
        description: `${invoice.number} ${invoice.booking.reference}`,
      });
    } catch (error) {
      log.error({ err: error, invoice: invoice.number }, 'billing: off-session charge errored');
      outcome = { status: 'failed' as const, paymentIntentId: null, message: 'card payment could not be attempted' };
    }
    if (outcome.status === 'succeeded') {
      const settled = await db.$transaction((tx) => settlePayment(tx, paymentId, { now, providerPaymentId: outcome.paymentIntentId }));
      if (settled.status === 'settled') await sendPaymentReceived(db, paymentId).catch((e) => log.error({ err: e }, 'billing: receipt email failed'));
      charged++;
    } else if (outcome.status === 'processing') {
      await db.payment.update({ where: { id: paymentId }, data: { providerPaymentId: outcome.paymentIntentId } });
    } else {
      const message = outcome.status === 'no_card' ? 'no saved card' : outcome.message;
      const pi = outcome.status === 'failed' ? outcome.paymentIntentId : null;
      const changed = await db.$transaction(async (tx) => {
        if (pi) await tx.payment.updateMany({ where: { id: paymentId, providerPaymentId: null }, data: { providerPaymentId: pi } });
        return failPayment(tx, paymentId, { status: 'failed', message });
      });
      if (changed) await sendInvoiceIssued(db, invoice.id, 'card_failed').catch((e) => log.error({ err: e }, 'billing: card-failed email failed'));
      failed++;
    }
  }
  return { charged, failed };
}
