import { translator } from '@/lib/i18n/translator';
import { Refusal } from '@/lib/actions/refusal';

/** Why a change to the site's content was refused (texts in admin.errors, en/th/ru). */
export type ContentError = 'not_found' | 'unknown_key' | 'placeholders' | 'syntax' | 'invalid_setting';

/**
 * The refusal of a content command (legal documents, translations, settings: lib/content/content.ts): the content's
 * own, so the domain does not borrow the staff area's type from the folder above it. A Refusal: the action wrapper
 * answers it in the staff member's language (lib/actions/refusal.ts).
 */
export class ContentFailure extends Refusal {
  constructor(
    readonly code: ContentError,
    /** what the message names (the placeholders a translation must keep, the setting's problems) */
    readonly detail = '',
  ) {
    super(code);
  }
  say(locale: string): string {
    return contentFailureMessage(locale, this);
  }
}

/** The refusal in the staff member's language. */
export function contentFailureMessage(locale: string, failure: ContentFailure): string {
  return translator(locale, 'admin')(`errors.${failure.code}`, { detail: failure.detail });
}
