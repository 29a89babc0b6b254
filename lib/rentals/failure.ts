import { translator } from '@/lib/i18n/translator';

/** Why a command on a rental was refused (texts in admin.bookingActions.errors, en/th/ru). */
export type RentalRefusal =
  | 'not_found'
  | 'not_allowed'
  | 'unit_unavailable'
  | 'no_unit_free'
  | 'amount_mismatch'
  | 'refund_too_large'
  | 'refund_failed'
  | 'card_unavailable'
  | 'email_not_found'
  | 'move_in_reason_required';

/**
 * The refusal of a rental command (lib/rentals/commands.ts): the rental's own, so the domain does not borrow the staff
 * area's failure type from the folder above it. The staff action wrapper (lib/admin/guard.ts) turns it into the
 * translated answer.
 */
export class RentalFailure extends Error {
  constructor(readonly code: RentalRefusal) {
    super(code);
  }
}

/** The refusal in the staff member's language. */
export function rentalFailureMessage(locale: string, failure: RentalFailure): string {
  return translator(locale, 'admin')(`bookingActions.errors.${failure.code}`);
}
