import 'server-only';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { STAFF_BOOKING_ACTIONS, type BookingState } from '@/lib/lifecycle/table';

// What staff may do to a booking and what a move-in would be an exception to: the read side of lib/rentals/commands.ts,
// so the staff screens (lib/admin, read models only) can show the same rules the commands check under the row lock.

/**
 * What staff can do to a booking, and in which states: the lifecycle's table (lib/lifecycle/table.ts,
 * STAFF_BOOKING_ACTIONS), one rule table for the moves and the commands. The review page offers an action only where
 * its rule holds, and every action checks the same rule again under the booking's row lock.
 */
export type { BookingState };
export const BOOKING_ACTION_RULES = STAFF_BOOKING_ACTIONS;

export type BookingActionName = keyof typeof BOOKING_ACTION_RULES;

export function allowedBookingActions(b: BookingState): BookingActionName[] {
  return (Object.keys(BOOKING_ACTION_RULES) as BookingActionName[]).filter((name) => BOOKING_ACTION_RULES[name](b));
}

/**
 * Why a move-in today would be out of the ordinary (docs/product-rules.md#move-in-out-of-the-ordinary): before the
 * booked start date (Bangkok), or before the identity document was verified. Staff may still hand over the unit, with
 * a reason that is written to the move's audit row.
 */
export function moveInExceptions(b: { startDate: Date; identityVerifiedAt: Date | null }, now = new Date()): ('early' | 'identity')[] {
  const out: ('early' | 'identity')[] = [];
  if (b.startDate.toISOString().slice(0, 10) > todayInBangkok(now)) out.push('early');
  if (!b.identityVerifiedAt) out.push('identity');
  return out;
}

/** The security deposit the booking paid (0 when waived for card payment), from its stored quote. */
export function depositOf(b: { quote: unknown }): number {
  const q = b.quote as { securityDeposit?: unknown } | null;
  return typeof q?.securityDeposit === 'number' ? q.securityDeposit : 0;
}
