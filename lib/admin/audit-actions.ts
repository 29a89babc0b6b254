import { labelOf } from './labels';

/**
 * The word staff read for an audit action (docs/product-rules.md#dates-and-words-staff-read): the booking review's
 * history and /admin/audit show "Payment verified", not `booking.verifyPayment`. Labels live under
 * `admin.auditActions` in the messages, keyed by the action with its dots and dashes as underscores (next-intl reads a
 * dot as nesting); an action added without a label reads as its code made readable until it gets one
 * (lib/admin/audit-actions.test.ts fails for every action the code writes without an English and Thai label).
 */
export function auditActionKey(action: string): string {
  return action.replace(/[.-]/g, '_');
}

type Translate = Parameters<typeof labelOf>[0];

/** `t` is the `admin.auditActions` translator. */
export function auditActionLabel(t: Translate, action: string): string {
  return labelOf(t, auditActionKey(action), action);
}
