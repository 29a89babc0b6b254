import { isOnlineMethod } from './payment-methods';

/**
 * A booking made when only its type's reserve was free, whose payment came in after every unit had gone to earlier
 * payments (docs/product-rules.md#inventory, "Paid, but no unit"). Pure: the success pages, the portal, the email and
 * staff's Today list all ask the same question and state the same periods.
 */

/** Staff give the customer a unit of the type or refund them in full within this many hours of the payment. */
export const NO_UNIT_DECISION_HOURS = 24;
/** How long a card or PromptPay refund usually takes to show on the customer's statement (Stripe's own estimate). */
export const REFUND_ARRIVAL_DAYS = 10;

export type NoUnitRefund = 'automatic' | 'staff';

/**
 * 'automatic': a card or PromptPay payment, refunded through Stripe at once; 'staff': any other payment (a slip the
 * bank's provider verified), for staff to settle within NO_UNIT_DECISION_HOURS; null: the booking has a unit, or is
 * not paid, or is no longer waiting (confirmed with a unit, or cancelled).
 */
export function paidWithoutUnit(b: { status: string; paymentStatus: string; paymentMethod: string; unitId: string | null }): NoUnitRefund | null {
  if (b.status !== 'reserved' || b.unitId) return null;
  if (b.paymentStatus !== 'paid' && b.paymentStatus !== 'refunded') return null;
  return b.paymentMethod === 'card' || b.paymentMethod === 'promptpay' ? 'automatic' : 'staff';
}

/** When staff must have decided, from the moment the money came in. */
export const noUnitDecisionDue = (paidAt: Date) => new Date(paidAt.getTime() + NO_UNIT_DECISION_HOURS * 3600_000);

/**
 * What happens to a booking accepted "on the reserve" (docs/product-rules.md#inventory, "Booked on the reserve"): made
 * when only its type's last free unit was left, so it holds no unit and its payment takes one when it completes, if
 * one is still free. If none is: 'automatic' (card, PromptPay) the payment is refunded in full through Stripe at once;
 * 'checked' (bank transfer, crypto) staff cannot take the money (or, verified by the bank's provider, give a unit or
 * refund within NO_UNIT_DECISION_HOURS) and return it; 'counter' (cash) staff take nothing at the counter.
 */
export type OnReserve = 'automatic' | 'checked' | 'counter';

/**
 * The booking waits on the reserve (null: it holds a unit, is no longer reserved, or was paid: paidWithoutUnit's
 * case). The success pages and the booking confirmation ask this one question, so they say the same.
 */
export function onReserve(b: { status: string; paymentStatus: string; paymentMethod: string; unitId: string | null }): OnReserve | null {
  if (b.status !== 'reserved' || b.unitId) return null;
  if (b.paymentStatus === 'paid' || b.paymentStatus === 'refunded') return null;
  if (b.paymentMethod === 'card' || b.paymentMethod === 'promptpay') return 'automatic';
  return b.paymentMethod === 'cash' ? 'counter' : 'checked';
}

/**
 * Until when a booking on the reserve stays open, as its notice says: an offline method's hold end; nothing for card
 * and PromptPay, whose checkout has its own time.
 */
export function reserveOpenUntil(b: { paymentMethod: string; holdExpiresAt: Date | null }): Date | null {
  return isOnlineMethod(b.paymentMethod) ? null : b.holdExpiresAt;
}
