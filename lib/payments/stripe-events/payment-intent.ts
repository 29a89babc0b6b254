import 'server-only';
import type Stripe from 'stripe';
import { failPayment, settlePayment } from '@/lib/payments/ledger/settle';
import { sendInvoiceIssued } from '@/lib/invoices/emails';
import { cardRetryOf } from '@/lib/billing/card-charges';
import { log } from '@/lib/log';
import { afterSettled, claimEvent, type HandlerResult, type StripeEventHandler, type Tx } from './shared';

/** Only intents we created ourselves carry our payment id (off-session renewals, invoice checkouts). */
async function paymentForIntent(tx: Tx, intent: Stripe.PaymentIntent) {
  const byIntent = await tx.payment.findFirst({ where: { providerPaymentId: intent.id } });
  if (byIntent) return byIntent;
  const paymentId = intent.metadata?.paymentId;
  return paymentId ? tx.payment.findUnique({ where: { id: paymentId } }) : null;
}

/** payment_intent.succeeded: an off-session renewal charge went through (the billing job may have recorded it already). */
export const onIntentSucceeded: StripeEventHandler = async (db, event, { now }) => {
  const intent = event.data.object as Stripe.PaymentIntent;
  return db.$transaction(async (tx): Promise<HandlerResult> => {
    if (!(await claimEvent(tx, event))) return { outcome: 'duplicate' };
    const payment = await paymentForIntent(tx, intent);
    // Checkout payments are settled by their session's events.
    if (!payment) return { outcome: intent.metadata?.paymentId ? 'unknown_payment' : 'ignored' };
    const wrongCurrency = typeof intent.currency === 'string' && intent.currency.toLowerCase() !== 'thb';
    if ((intent.amount_received !== undefined && intent.amount_received !== payment.amountSatang) || wrongCurrency) {
      log.error({ intent: intent.id, received: intent.amount_received, currency: intent.currency, owed: payment.amountSatang }, 'stripe: intent amount differs from the invoice');
      return { outcome: 'ignored' };
    }
    const settled = await settlePayment(tx, payment.id, { now, providerPaymentId: intent.id });
    return { outcome: 'processed', after: await afterSettled(db, tx, settled) };
  });
};

/** payment_intent.payment_failed: the saved card was declined; the customer gets the pay link instead. */
export const onIntentFailed: StripeEventHandler = async (db, event) => {
  const intent = event.data.object as Stripe.PaymentIntent;
  return db.$transaction(async (tx): Promise<HandlerResult> => {
    if (!(await claimEvent(tx, event))) return { outcome: 'duplicate' };
    const payment = await paymentForIntent(tx, intent);
    if (!payment) return { outcome: intent.metadata?.paymentId ? 'unknown_payment' : 'ignored' };
    const changed = await failPayment(tx, payment.id, { status: 'failed', message: intent.last_payment_error?.message ?? 'card declined' });
    if (changed && !payment.providerPaymentId) await tx.payment.update({ where: { id: payment.id }, data: { providerPaymentId: intent.id } });
    const invoiceId = payment.invoiceId;
    // The same email (key) the billing job sends for this attempt: whichever comes first sends it.
    const invoice = invoiceId ? await tx.invoice.findUnique({ where: { id: invoiceId }, select: { dueAt: true } }) : null;
    const retry = cardRetryOf(payment.idempotencyKey, invoice?.dueAt ?? null);
    return { outcome: 'processed', after: changed && invoiceId ? () => sendInvoiceIssued(db, invoiceId, 'card_failed', undefined, retry) : undefined };
  });
};
