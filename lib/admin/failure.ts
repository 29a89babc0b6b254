import { translator } from '@/lib/i18n/translator';
import { Refusal } from '@/lib/actions/refusal';

/**
 * THE refusal of the staff area: a change the rules do not allow (a wrong code, the last admin demoted …).
 * Each kind's codes and the message family they read from are listed once below; an AdminFailure is a Refusal that says its words (adminFailureMessage), which the action wrapper answers, so no action maps errors by hand.
 */
export type AccountError = 'wrong_password' | 'wrong_code' | 'email_taken' | 'last_admin' | 'self' | 'not_found' | 'no_setup' | 'already_on' | 'code_limited';
export type RateSuggestionError = 'suggestion_changed';

export interface AdminFailureCodes {
  /** own password and two-factor sign-in, staff accounts (lib/admin/accounts.ts) */
  account: AccountError;
  /** a dashboard rate suggestion that changed while the admin looked at it (lib/admin/apply-rate-suggestion.ts) */
  rates: RateSuggestionError;
}
export type AdminFailureKind = keyof AdminFailureCodes;

export class AdminFailure<K extends AdminFailureKind = AdminFailureKind> extends Refusal {
  constructor(
    readonly kind: K,
    readonly code: AdminFailureCodes[K],
    /** what the message names (the placeholders a translation must keep, the setting's problems) */
    readonly detail = '',
  ) {
    super(code);
  }
  say(locale: string): string {
    return adminFailureMessage(locale, this);
  }
}

/** The refusal in the staff member's language. */
export function adminFailureMessage(locale: string, failure: AdminFailure): string {
  const t = translator(locale, 'admin');
  switch (failure.kind) {
    case 'account':
      // Code checks outside sign-in are limited (lib/admin/accounts.ts); that text lives with the security texts.
      if (failure.code === 'code_limited') return translator(locale, 'security')('codeChecksLimited', { minutes: 15 });
      return t(`account.errors.${failure.code as Exclude<AccountError, 'code_limited'>}`);
    case 'rates':
      return t('trends.suggestionChanged');
  }
}
