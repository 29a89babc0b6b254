import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import type { PaymentMethod } from '@/lib/pricing';
import { isOnlineMethod } from './payment-methods';

type Tx = Prisma.TransactionClient;

/** 48 hours for cash, bank transfer and crypto (docs/product-rules.md#booking-lifecycle). */
export const OFFLINE_HOLD_MS = 48 * 60 * 60 * 1000;
/** Card/PromptPay checkout sessions live this long; Stripe requires 30 min … 24 h. */
export const CHECKOUT_SESSION_MS = 45 * 60 * 1000;
/**
 * The hold of a card/PromptPay booking outlasts its session a little, so the session's own expiry webhook (not the
 * sweeper job) normally releases it, and a late "completed" event still finds its unit.
 */
export const CHECKOUT_HOLD_GRACE_MS = 15 * 60 * 1000;

/**
 * How long a new booking holds its unit: card and PromptPay for their checkout session (plus the grace), the others
 * 48 hours. `sessionExpiresAt` is when the Stripe session ends (null without one).
 */
export function holdFor(method: PaymentMethod, now: Date): { holdExpiresAt: Date; sessionExpiresAt: Date | null } {
  if (!isOnlineMethod(method)) return { holdExpiresAt: new Date(now.getTime() + OFFLINE_HOLD_MS), sessionExpiresAt: null };
  const sessionExpiresAt = new Date(now.getTime() + CHECKOUT_SESSION_MS);
  return { holdExpiresAt: new Date(sessionExpiresAt.getTime() + CHECKOUT_HOLD_GRACE_MS), sessionExpiresAt };
}

/**
 * Ends an unpaid reservation: booking and its open payments expired (or cancelled), the unit back to available, the
 * promo use given back (the booking never happened). Returns the unit type to notify its waiting list, or null when
 * there was nothing to release (already paid, already released): callers run this under the booking's row lock.
 */
export async function releaseReservation(
  tx: Tx,
  bookingId: string,
  now: Date,
  outcome: 'expired' | 'cancelled' = 'expired',
): Promise<{ unitTypeId: string; unitReleased: boolean } | null> {
  const locked = await tx.$queryRaw<{ id: string; status: string; payment_status: string; unit_type_id: string; promo_code_id: string | null }[]>`
    SELECT id, status::text AS status, payment_status::text AS payment_status, unit_type_id, promo_code_id
    FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
  const booking = locked[0];
  if (!booking || booking.status !== 'reserved' || booking.payment_status === 'paid') return null;

  await tx.booking.update({
    where: { id: bookingId },
    data: { status: outcome, paymentStatus: outcome, cancelledAt: outcome === 'cancelled' ? now : undefined, holdExpiresAt: null },
  });
  await tx.payment.updateMany({ where: { bookingId, status: { notIn: ['paid', 'refunded'] } }, data: { status: outcome } });
  await tx.invoice.updateMany({ where: { bookingId, status: 'open' }, data: { status: 'void' } });
  const released = await tx.unit.updateMany({
    where: { currentBookingId: bookingId },
    data: { status: 'available', currentBookingId: null },
  });
  if (booking.promo_code_id) {
    await tx.$executeRaw`UPDATE promo_codes SET current_uses = current_uses - 1 WHERE id = ${booking.promo_code_id} AND current_uses > 0`;
  }
  return { unitTypeId: booking.unit_type_id, unitReleased: released.count > 0 };
}
