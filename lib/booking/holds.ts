import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import type { PaymentMethod } from '@/lib/pricing';
import { isOnlineMethod } from './payment-methods';
import { transition, transitionEach } from '@/lib/lifecycle';

type Tx = Prisma.TransactionClient;

/**
 * How long an unpaid booking holds its unit (docs/product-rules.md#holds):
 *   - cash, bank transfer and crypto start with a short hold until the customer confirms it from the emailed link;
 *   - confirmed: cash 48 hours; bank transfer and crypto 24 hours, or 48 hours once a payment proof is uploaded;
 *   - card and PromptPay: their Stripe checkout session (Stripe's shortest) plus a grace, so the session's own expiry
 *     event, not the sweeper, normally releases the unit and a late "completed" event still finds it.
 */
export const UNCONFIRMED_HOLD_MS = 30 * 60 * 1000;
export const CONFIRMED_HOLD_MS = 24 * 60 * 60 * 1000;
export const FULL_HOLD_MS = 48 * 60 * 60 * 1000;
export const CHECKOUT_SESSION_MS = 30 * 60 * 1000;
export const CHECKOUT_HOLD_GRACE_MS = 15 * 60 * 1000;
/**
 * The latest a hold may ever end, counted from the booking's start: confirming it and uploading slips move its end,
 * never past this (a re-uploaded slip used to push it 48 hours further each time, for ever).
 */
export const MAX_HOLD_FROM_START_MS = 72 * 60 * 60 * 1000;

/** `until`, or the hold's fixed maximum when that comes first. */
export function cappedHoldEnd(startedAt: Date, until: Date): Date {
  return new Date(Math.min(until.getTime(), startedAt.getTime() + MAX_HOLD_FROM_START_MS));
}

/** The hold a new booking starts with; `sessionExpiresAt` is when the Stripe session ends (null without one). */
export function holdFor(method: PaymentMethod, now: Date, opts: { confirmed?: boolean; proofAt?: Date | null } = {}): { holdExpiresAt: Date; sessionExpiresAt: Date | null } {
  if (isOnlineMethod(method)) {
    const sessionExpiresAt = new Date(now.getTime() + CHECKOUT_SESSION_MS);
    return { holdExpiresAt: new Date(sessionExpiresAt.getTime() + CHECKOUT_HOLD_GRACE_MS), sessionExpiresAt };
  }
  if (opts.confirmed) return { holdExpiresAt: confirmedHoldUntil(method, now, opts.proofAt ?? null), sessionExpiresAt: null };
  return { holdExpiresAt: new Date(now.getTime() + UNCONFIRMED_HOLD_MS), sessionExpiresAt: null };
}

/** The end of a confirmed unpaid hold: from the confirmation, or from a later proof upload for transfers. */
export function confirmedHoldUntil(method: PaymentMethod, confirmedAt: Date, proofAt: Date | null): Date {
  if (method === 'cash') return new Date(confirmedAt.getTime() + FULL_HOLD_MS);
  if (proofAt) return new Date(Math.max(confirmedAt.getTime(), proofAt.getTime()) + FULL_HOLD_MS);
  return new Date(confirmedAt.getTime() + CONFIRMED_HOLD_MS);
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

  await transition(tx, 'booking', bookingId, outcome === 'expired' ? 'expire' : 'cancel', {
    data: { paymentStatus: outcome, cancelledAt: outcome === 'cancelled' ? now : undefined, holdExpiresAt: null },
    note: outcome === 'expired' ? 'hold lapsed unpaid' : 'hold released unpaid',
  });
  const payments = await tx.payment.findMany({ where: { bookingId }, select: { id: true } });
  await transitionEach(tx, 'payment', payments.map((p) => p.id), outcome === 'expired' ? 'expire' : 'cancel');
  const invoices = await tx.invoice.findMany({ where: { bookingId, status: 'open' }, select: { id: true } });
  await transitionEach(tx, 'invoice', invoices.map((i) => i.id), 'void', { note: 'the booking never started' });
  const units = await tx.unit.findMany({ where: { currentBookingId: bookingId }, select: { id: true } });
  // The unit back on sale (the lifecycle refreshes the public pages; the caller offers it to the waiting list).
  const released = await transitionEach(tx, 'unit', units.map((u) => u.id), 'release');
  if (booking.promo_code_id) {
    await tx.$executeRaw`UPDATE promo_codes SET current_uses = current_uses - 1 WHERE id = ${booking.promo_code_id} AND current_uses > 0`;
  }
  return { unitTypeId: booking.unit_type_id, unitReleased: released.length > 0 };
}
