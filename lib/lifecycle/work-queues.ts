import type { Prisma } from '@/generated/prisma/client';
import { bangkokDayEnd, dateColumn, todayInBangkok } from '@/lib/dates/bangkok';
import { AWAITING_CHECK } from './table';

/**
 * The business questions staff's screens and alerts ask of the states, each answered once: the dashboard, Today and
 * the staff alerts import these, so they cannot disagree about who is due (docs/product-rules.md#today,
 * #staff-alerts). Query conditions only; each caller picks its fields and order.
 */

/** A payment sent for staff to check (a slip, a QR slip, a transfer or crypto payment the customer says was sent). */
export const PAYMENT_TO_VERIFY = { status: { in: [...AWAITING_CHECK] } } satisfies Prisma.PaymentWhereInput;

/** A booking whose first payment, by transfer or crypto, waits for that check: the dashboard's and Today's "to verify". */
export const FIRST_PAYMENT_TO_VERIFY = {
  status: 'reserved',
  paymentMethod: { in: ['bank_transfer', 'crypto'] },
  paymentStatus: { in: [...AWAITING_CHECK] },
} satisfies Prisma.BookingWhereInput;

/**
 * "Cash due today": an unpaid cash hold whose payer may come to the counter today. Its hold runs out by the end of
 * today, or already has and waits for staff (a cash hold does not lapse on its own), or its rental starts today or
 * began without the payment.
 */
export function cashDueTodayWhere(now: Date): Prisma.BookingWhereInput {
  const today = todayInBangkok(now);
  return { status: 'reserved', paymentStatus: 'pending_arrival', OR: [{ holdExpiresAt: { lt: bangkokDayEnd(today) } }, { startDate: { lte: dateColumn(today) } }] };
}
