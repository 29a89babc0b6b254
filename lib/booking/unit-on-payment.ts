import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import { recordAudit } from '@/lib/audit';
import { transition } from '@/lib/lifecycle';
import { takeFreeUnit } from './reserve';
import type { Db } from '@/lib/db';
import { alertStaff } from '@/lib/staff-alerts';
import { formatTHB } from '@/lib/format/money';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { createStripeRefund } from '@/lib/payments/refunds';
import { log } from '@/lib/log';

type Tx = Prisma.TransactionClient;

/**
 * A booking made when only its type's reserve was free holds no unit (docs/product-rules.md#holds, "Nobody can hold
 * the last unit"): the payment that completes takes one now, the reserve included. 'none': every unit is taken, the
 * booking stays unconfirmed and its money goes back (card and PromptPay automatically; staff are alerted otherwise).
 */
export async function unitForPayment(tx: Tx, booking: { id: string; reference: string; unitId: string | null; unitTypeId: string }): Promise<'had_unit' | 'placed' | 'none'> {
  if (booking.unitId) return 'had_unit';
  const unit = await takeFreeUnit(tx, booking.unitTypeId, booking.id);
  if (!unit) {
    await recordAudit(tx, { actor: null, action: 'booking.paid_no_unit', entity: 'booking', entityId: booking.id, note: 'paid while every unit of the type was taken: refund' });
    return 'none';
  }
  await transition(tx, 'unit', unit.id, 'hold', { data: { currentBookingId: booking.id }, audit: { booking: booking.reference, onPayment: true }, lockedFrom: 'available' });
  return 'placed';
}

/**
 * A card or PromptPay payment that found no unit (unitForPayment 'none'): refunded in full through Stripe at once
 * (the refund's webhook records it), and staff are told. Without Stripe configured, staff refund it by hand.
 */
export async function refundPaidWithoutUnit(db: Db, paymentId: string): Promise<void> {
  const p = await db.payment.findUniqueOrThrow({ where: { id: paymentId }, select: { id: true, amountSatang: true, providerPaymentId: true, booking: { select: { id: true, reference: true, customer: { select: { firstName: true, lastName: true } } } } } });
  const stripe = createStripeClient();
  if (stripe && p.providerPaymentId) {
    try {
      const refund = await createStripeRefund(stripe, { paymentIntentId: p.providerPaymentId, amountSatang: p.amountSatang, idempotencyKey: `no-unit:${p.id}`, bookingId: p.booking.id, reference: p.booking.reference });
      await recordAudit(db, { actor: null, action: 'payment.refund_no_unit', entity: 'payment', entityId: p.id, after: { refundId: refund.id, status: refund.status, amountSatang: p.amountSatang } });
    } catch (err) {
      log.error({ err, payment: p.id }, 'no unit for a paid booking: automatic refund failed');
    }
  }
  await alertStaff(db, 'paid_no_unit', p.booking.id, { reference: p.booking.reference, name: `${p.booking.customer.firstName} ${p.booking.customer.lastName}`.trim(), amount: formatTHB(p.amountSatang, 'en') });
}
