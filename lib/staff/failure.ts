import { translator } from '@/lib/i18n/translator';
import { Refusal } from '@/lib/actions/refusal';
import { RATE_LIMITS } from '@/lib/rate-limit';

/** Why a change to a staff account was refused (texts in admin.account.errors, en/th/ru). */
export type AccountError = 'wrong_password' | 'wrong_code' | 'email_taken' | 'last_admin' | 'self' | 'not_found' | 'no_setup' | 'already_on' | 'code_limited';

/**
 * The refusal of a staff account command (own password and two-factor sign-in, staff accounts: lib/staff/accounts.ts):
 * the accounts' own, so the domain does not borrow the staff area's type from the folder above it. A Refusal: the
 * action wrapper answers it in the staff member's language (lib/actions/refusal.ts).
 */
export class AccountFailure extends Refusal {
  constructor(readonly code: AccountError) {
    super(code);
  }
  say(locale: string): string {
    return accountFailureMessage(locale, this);
  }
}

/** The refusal in the staff member's language. */
export function accountFailureMessage(locale: string, failure: AccountFailure): string {
  // Code checks outside sign-in are limited (lib/staff/accounts.ts); that text lives with the security texts and says
  // the limit's own window.
  if (failure.code === 'code_limited') return translator(locale, 'security')('codeChecksLimited', { minutes: RATE_LIMITS.totpCheck.duration / 60 });
  return translator(locale, 'admin')(`account.errors.${failure.code}`);
}
