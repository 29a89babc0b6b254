import 'server-only';
import { db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { consumeRateLimit } from '@/lib/rate-limit';
import { recordWizardStart } from '@/lib/analytics/wizard-starts';
import { checkPromoCode } from './promo';
import { loadDraftForReminder, saveDraftForReminder } from './drafts';

/**
 * The booking wizard's requests besides the submit (lib/booking/submit-draft.ts), on the app's database:
 * app/[locale]/booking-v2/actions.ts calls these.
 */

/** Step 6: the promo code's outcome now (lib/booking/promo.ts). */
export function checkPromoCodeNow(code: string, locale: string) {
  return checkPromoCode(db, code, new Date(), locale);
}

/** Step 8 on: the server copy of a draft with an email, for the one abandoned-draft reminder (lib/booking/drafts.ts). */
export function keepDraftForReminder(draft: unknown, locale: Locale) {
  return saveDraftForReminder(db, draft, locale);
}

/** The wizard opened from this network within its allowance ('wizardOpen', lib/rate-limit): counted, and may read a draft. */
export async function wizardOpenAllowed(address: string): Promise<boolean> {
  return (await consumeRateLimit(db, 'wizardOpen', address)).ok;
}

/** One more wizard opened today, for the dashboard's conversion (lib/analytics/wizard-starts.ts). */
export function countWizardStart(): Promise<void> {
  return recordWizardStart(db);
}

/** The draft a reminder link's token names, or null (a token the server never issued reads nothing). */
export function draftForReminder(token: string) {
  return loadDraftForReminder(db, token);
}
