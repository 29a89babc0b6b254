import 'server-only';
import type Stripe from 'stripe';

export interface StripeRefundRequest {
  /** the PaymentIntent that took the money (Payment.providerPaymentId) */
  paymentIntentId: string;
  amountSatang: number;
  /** the same key for the same staff decision, so a retried click never refunds twice */
  idempotencyKey: string;
  bookingId: string;
  reference: string;
  /** a deposit refund: its credit note credits no VAT (docs/product-rules.md#lifecycle) */
  kind?: 'deposit';
}

/**
 * Pays money back through Stripe (card and PromptPay payments). Stripe answers at once with a refund that is
 * `succeeded` or `pending`; its later changes arrive as webhooks (handled with the other payment webhooks).
 */
export async function createStripeRefund(stripe: Stripe, r: StripeRefundRequest): Promise<{ id: string; status: string }> {
  if (!Number.isSafeInteger(r.amountSatang) || r.amountSatang <= 0) throw new RangeError('refund amount must be a positive number of satang');
  const refund = await stripe.refunds.create(
    {
      payment_intent: r.paymentIntentId,
      amount: r.amountSatang,
      reason: 'requested_by_customer',
      metadata: { bookingId: r.bookingId, bookingReference: r.reference, ...(r.kind ? { kind: r.kind } : {}) },
    },
    { idempotencyKey: r.idempotencyKey },
  );
  return { id: refund.id, status: refund.status ?? 'pending' };
}
