import 'server-only';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import { chargeSavedCard } from '@/lib/payments/stripe/off-session';
import { failPayment, settlePayment } from '@/lib/payments/ledger/settle';
import { invoiceBalance } from '@/lib/invoices/balance';
import { sendInvoiceIssued, sendPaymentReceived } from '@/lib/invoices/emails';
import { addDaysISO, todayInBangkok } from '@/lib/dates/bangkok';
import { log } from '@/lib/log';
import { isUniqueViolation } from './claims';
import { daysBetween } from './calendar';

/**
 * Days after the due date on which a renewal is charged to the saved card: on the day, then retried after 1, 3 and 7
 * days while it stays unpaid (docs/product-rules.md#prices-over-time-prepayment-and-card-retries).
 */
export const CARD_ATTEMPT_DAYS = [0, 1, 3, 7] as const;

/** Payment states that mean money may be on its way (a charge processing, a slip or checkout in progress): no charge. */
const IN_FLIGHT = ['pending', 'pending_payment', 'awaiting_verification', 'pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded', 'pending_arrival'];

/** The attempt due `days` after the due date: the latest of CARD_ATTEMPT_DAYS reached (a missed run catches up once). */
export function cardAttemptFor(days: number): number | null {
  let attempt: number | null = null;
  CARD_ATTEMPT_DAYS.forEach((d, i) => {
    if (d <= days) attempt = i;
  });
  return attempt;
}

/** The attempt an off-session payment row was (from its key) and the day of the next one: for the decline email. */
export function cardRetryOf(idempotencyKey: string | null, dueAt: Date | null): { attempt: number; next: string | null } | undefined {
  const m = /^offsession:[^:]+(?::(\d+))?$/.exec(idempotencyKey ?? '');
  if (!m || !dueAt) return undefined;
  const attempt = Number(m[1] ?? 0);
  const next = attempt + 1 < CARD_ATTEMPT_DAYS.length ? addDaysISO(todayInBangkok(dueAt), CARD_ATTEMPT_DAYS[attempt + 1]) : null;
  return { attempt, next };
}

/**
 * A renewal of a customer with a saved card is charged off-session on its due date and, while declined, again on the
 * retry days. Each attempt is claimed by a Payment row keyed offsession:<invoice>[:<attempt>] before Stripe is called,
 * so two runs (or two servers) never charge twice. Each decline emails the pay link; paying, by card or any other
 * way, ends the retries (the invoice is no longer open).
 */
export async function chargeSavedCards(db: Db, now: Date, stripe: Stripe | null): Promise<{ charged: number; failed: number }> {
  if (!stripe) return { charged: 0, failed: 0 };
  const today = todayInBangkok(now);
  const due = await db.invoice.findMany({
    where: { kind: 'renewal', status: 'open', dueAt: { lte: now }, booking: { customer: { stripeCustomerId: { not: null } }, status: { in: ['confirmed', 'active'] } } },
    include: { booking: { include: { customer: true } }, payments: { select: { status: true, amountSatang: true, refundedSatang: true } }, creditNotes: { select: { amountSatang: true } } },
  });
  let charged = 0;
  let failed = 0;
  for (const invoice of due) {
    const attempt = cardAttemptFor(daysBetween(todayInBangkok(invoice.dueAt!), today));
    if (attempt === null) continue;
    if (invoice.payments.some((p) => IN_FLIGHT.includes(p.status))) continue;
    const { dueSatang } = invoiceBalance(invoice);
    if (dueSatang <= 0) continue;
    let paymentId: string;
    try {
      const payment = await db.payment.create({
        data: {
          bookingId: invoice.bookingId,
          invoiceId: invoice.id,
          method: 'card',
          status: 'pending_payment',
          amountSatang: dueSatang,
          provider: 'stripe',
          idempotencyKey: attempt === 0 ? `offsession:${invoice.id}` : `offsession:${invoice.id}:${attempt}`,
        },
      });
      paymentId = payment.id;
    } catch (error) {
      if (isUniqueViolation(error)) continue; // this attempt was made before (this run twice, or another server)
      throw error;
    }
    let outcome;
    try {
      outcome = await chargeSavedCard(stripe, {
        stripeCustomerId: invoice.booking.customer.stripeCustomerId!,
        amountSatang: dueSatang,
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
      await db.$transaction(async (tx) => {
        if (pi) await tx.payment.updateMany({ where: { id: paymentId, providerPaymentId: null }, data: { providerPaymentId: pi } });
        return failPayment(tx, paymentId, { status: 'failed', message });
      });
      // Sent whether this run or the payment_intent.payment_failed webhook marked it failed: one email per attempt (key).
      const retry = cardRetryOf(attempt === 0 ? `offsession:${invoice.id}` : `offsession:${invoice.id}:${attempt}`, invoice.dueAt);
      await sendInvoiceIssued(db, invoice.id, 'card_failed', undefined, retry).catch((e) => log.error({ err: e }, 'billing: card-failed email failed'));
      failed++;
    }
  }
  return { charged, failed };
}
