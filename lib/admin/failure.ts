import { translator } from '@/lib/i18n/translator';
import { Refusal } from '@/lib/actions/refusal';

/**
 * THE refusal of the staff area: a change the rules do not allow. Each kind's codes and the message family they read
 * from are listed once below; an AdminFailure is a Refusal that says its words (adminFailureMessage), which the action
 * wrapper answers, so no action maps errors by hand.
 */
export type RateSuggestionError = 'suggestion_changed';

export interface AdminFailureCodes {
  /** a dashboard rate suggestion that changed while the admin looked at it (lib/admin/apply-rate-suggestion.ts) */
  rates: RateSuggestionError;
}
export type AdminFailureKind = keyof AdminFailureCodes;

export class AdminFailure<K extends AdminFailureKind = AdminFailureKind> extends Refusal {
  constructor(
    readonly kind: K,
    readonly code: AdminFailureCodes[K],
  ) {
    super(code);
  }
  say(locale: string): string {
    return adminFailureMessage(locale, this);
  }
}

/** The refusal in the staff member's language. */
export function adminFailureMessage(locale: string, _failure: AdminFailure): string {
  return translator(locale, 'admin')('trends.suggestionChanged');
}
