import { translator } from '@/lib/i18n/translator';
import { Refusal } from '@/lib/actions/refusal';

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
 * area's failure type from the folder above it. A Refusal: the action wrapper answers it in the staff member's
 * language (lib/actions/refusal.ts).
 */
export class RentalFailure extends Refusal {
  constructor(readonly code: RentalRefusal) {
    super(code);
  }
  say(locale: string): string {
    return rentalFailureMessage(locale, this);
  }
}

/** The refusal in the staff member's language. */
export function rentalFailureMessage(locale: string, failure: RentalFailure): string {
  return translator(locale, 'admin')(`bookingActions.errors.${failure.code}`);
}
