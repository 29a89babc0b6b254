import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import type { PaymentMethod } from '@/lib/pricing';
import { isOnlineMethod } from './payment-methods';
import { transition, transitionEach } from '@/lib/lifecycle';
import { CHECKOUT_SESSION_MS, HOLD_RULES } from '@/lib/holds/rules';

type Tx = Prisma.TransactionClient;

/** The hold a new booking starts with; `sessionExpiresAt` is when the Stripe session ends (null without one). */
export function holdFor(method: PaymentMethod, now: Date): { holdExpiresAt: Date; sessionExpiresAt: Date | null } {
  const holdExpiresAt = new Date(now.getTime() + HOLD_RULES[method].holdMs);
  return { holdExpiresAt, sessionExpiresAt: isOnlineMethod(method) ? new Date(now.getTime() + CHECKOUT_SESSION_MS) : null };
}

/**
 * Ends an unpaid reservation: booking and its open payments expired (or cancelled), the unit back to available, the
 * promo use given back (the booking never happened); with `offerToWaitingList`, the freed unit offered to the
 * waiting list by a task of this transaction (lib/lifecycle). Returns the unit type and whether a unit was freed, or
 * null when there was nothing to release (already paid, already released): callers run this under the booking's row lock.
 */
export async function releaseReservation(
  tx: Tx,
  bookingId: string,
  now: Date,
  outcome: 'expired' | 'cancelled' = 'expired',
  opts: { offerToWaitingList?: boolean } = {},
): Promise<{ unitTypeId: string; unitReleased: boolean } | null> {
  const locked = await tx.$queryRaw<{ id: string; status: string; payment_status: string; unit_type_id: string; promo_code_id: string | null }[]>`
    SELECT id, status::text AS status, payment_status::text AS payment_status, unit_type_id, promo_code_id
    FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
  const booking = locked[0];
  // Money came in (paid, or paid and refunded because no unit was left, docs/product-rules.md#inventory): never an
  // unpaid hold to lapse; staff confirm or cancel it, and the customer keeps reading what happened to their money.
  if (!booking || booking.status !== 'reserved' || booking.payment_status === 'paid' || booking.payment_status === 'refunded') return null;

  await transition(tx, 'booking', bookingId, outcome === 'expired' ? 'expire' : 'cancel', {
    data: { paymentStatus: outcome, cancelledAt: outcome === 'cancelled' ? now : undefined, holdExpiresAt: null },
    note: outcome === 'expired' ? 'hold lapsed unpaid' : 'hold released unpaid',
  });
  const payments = await tx.payment.findMany({ where: { bookingId }, select: { id: true } });
  await transitionEach(tx, 'payment', payments.map((p) => p.id), outcome === 'expired' ? 'expire' : 'cancel');
  const invoices = await tx.invoice.findMany({ where: { bookingId, status: 'open' }, select: { id: true } });
  await transitionEach(tx, 'invoice', invoices.map((i) => i.id), 'void', { note: 'the booking never started' });
  const units = await tx.unit.findMany({ where: { currentBookingId: bookingId }, select: { id: true } });
  // The unit back on sale (the lifecycle refreshes the public pages and, when asked, offers it to the waiting list).
  const released = await transitionEach(tx, 'unit', units.map((u) => u.id), 'release', { offerToWaitingList: opts.offerToWaitingList ? { at: now } : undefined });
  if (booking.promo_code_id) {
    await tx.$executeRaw`UPDATE promo_codes SET current_uses = current_uses - 1 WHERE id = ${booking.promo_code_id} AND current_uses > 0`;
  }
  return { unitTypeId: booking.unit_type_id, unitReleased: released.length > 0 };
}
