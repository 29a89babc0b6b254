// Pure (no I/O, no server-only): the wizard, the checkout page, the emails and the server read the same rule. Its own
// folder, below lib/booking and lib/staff-alerts, because both read it and lib/booking alerts staff.
import type { PaymentMethod } from '@/lib/pricing';

/**
 * How long an unpaid booking holds its unit: ONE rule per payment method (docs/product-rules.md#holds), the value the
 * copy (as a placeholder), the emails, the portal and the release job all read from here:
 *   - card and PromptPay: their Stripe checkout session (Stripe's shortest) plus a grace, so the session's own expiry
 *     event, not the sweeper, normally releases the unit and a late "completed" event still finds it;
 *   - bank transfer, crypto and cash: 48 hours from the booking. Confirming the email address (the emailed link) does
 *     not change it: the anti-abuse step never costs a paying customer the unit.
 * At its end an offline hold whose payment waits for staff (a slip or a crypto payment sent, or a cash payer who was
 * told to come) is not released: it waits for staff, who are alerted (lib/billing/holds.ts). Only a transfer or crypto
 * hold with nothing sent lapses by itself.
 */
export const CHECKOUT_SESSION_MS = 30 * 60 * 1000;
export const CHECKOUT_HOLD_GRACE_MS = 15 * 60 * 1000;
export const OFFLINE_HOLD_MS = 48 * 60 * 60 * 1000;

export interface HoldRule {
  /** how long the unit is held from the booking */
  holdMs: number;
  /** what the customer is told: "pay within {minutes} minutes" (checkout) or "within {hours} hours" */
  unit: 'minutes' | 'hours';
  /** "your hold ends, pay now" before the end (null: never, e.g. cash payers told to come) */
  reminderBeforeMs: number | null;
}

export const HOLD_RULES: Record<PaymentMethod, HoldRule> = {
  card: { holdMs: CHECKOUT_SESSION_MS + CHECKOUT_HOLD_GRACE_MS, unit: 'minutes', reminderBeforeMs: null },
  promptpay: { holdMs: CHECKOUT_SESSION_MS + CHECKOUT_HOLD_GRACE_MS, unit: 'minutes', reminderBeforeMs: null },
  bank_transfer: { holdMs: OFFLINE_HOLD_MS, unit: 'hours', reminderBeforeMs: 6 * 60 * 60 * 1000 },
  crypto: { holdMs: OFFLINE_HOLD_MS, unit: 'hours', reminderBeforeMs: 6 * 60 * 60 * 1000 },
  cash: { holdMs: OFFLINE_HOLD_MS, unit: 'hours', reminderBeforeMs: null },
};

/** The hold's length as the customer reads it: `{ hours: 48 }` or `{ minutes: 30 }` (the checkout's own window). */
export function holdCopyValues(method: PaymentMethod): { hours: number; minutes: number } {
  return { hours: Math.round(HOLD_RULES[method].holdMs / 3_600_000), minutes: Math.round(CHECKOUT_SESSION_MS / 60_000) };
}

/**
 * Free units an unpaid booking may never take (docs/product-rules.md#inventory): the last one of each type waits for a
 * payment. The server applies it when it books (lib/booking/reserve.ts); the wizard reads it to say so before.
 */
export const RESERVE_UNITS = 1;

/** Whether a booking made now, unpaid, would hold no unit: only the reserve of its type is free. */
export function onlyReserveLeft(availableCount: number): boolean {
  return availableCount <= RESERVE_UNITS;
}

/** The hours an offline hold lasts, for copy that names no method (the same for transfer, crypto and cash). */
export const OFFLINE_HOLD_HOURS = OFFLINE_HOLD_MS / 3_600_000;

/** A hold that waits for staff past its end alerts them at its end, then again every this long (lib/billing/holds.ts). */
export const WAITING_FOR_STAFF_REALERT_MS = 24 * 60 * 60 * 1000;

/**
 * Payment statuses that mean "the customer says the money was sent": the booking waits for staff at the end of its
 * hold instead of lapsing. Cash waits too: the customer was told to come and pay at the counter.
 */
export const WAITS_FOR_STAFF_STATUSES = ['proof_uploaded', 'crypto_payment_sent', 'awaiting_verification', 'pending_arrival'] as const;

export function waitsForStaff(b: { paymentMethod: string; paymentStatus: string }): boolean {
  return b.paymentMethod === 'cash' || (WAITS_FOR_STAFF_STATUSES as readonly string[]).includes(b.paymentStatus);
}
