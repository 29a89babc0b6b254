import 'server-only';
import type { Db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { announcePaidWithoutUnit } from '@/lib/billing/no-unit-alerts';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { createStripeRefund } from '@/lib/payments/stripe/refunds';
import { log } from '@/lib/log';

// lib/booking decides that a payment found no unit (unitForPayment, lib/booking/unit-on-payment.ts); giving the
// money back lives beside the checkout handler that asks for it, since it calls Stripe and alerts staff, both above
// the booking domain.
/**
 * A card or PromptPay payment that found no unit (unitForPayment 'none'): refunded in full through Stripe at once
 * (the refund's webhook records it); the customer and staff are told. Without Stripe configured, staff refund it by hand.
 */
export async function refundPaidWithoutUnit(db: Db, paymentId: string): Promise<void> {
  const p = await db.payment.findUniqueOrThrow({ where: { id: paymentId }, select: { id: true, amountSatang: true, providerPaymentId: true, booking: { select: { id: true, reference: true } } } });
  const stripe = createStripeClient();
  if (stripe && p.providerPaymentId) {
    try {
      const refund = await createStripeRefund(stripe, { paymentIntentId: p.providerPaymentId, amountSatang: p.amountSatang, idempotencyKey: `no-unit:${p.id}`, bookingId: p.booking.id, reference: p.booking.reference });
      await recordAudit(db, { actor: null, action: 'payment.refund_no_unit', entity: 'payment', entityId: p.id, after: { refundId: refund.id, status: refund.status, amountSatang: p.amountSatang } });
    } catch (err) {
      log.error({ err, payment: p.id }, 'no unit for a paid booking: automatic refund failed');
    }
  }
  // The customer reads that the money goes back (the success page, their booking page and this email say the same).
  await announcePaidWithoutUnit(db, p.id);
}
