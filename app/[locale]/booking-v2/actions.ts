'use server';
/**
 * Server actions of the booking wizard, through action() (lib/actions/action.ts): zod parses the input, the locale is
 * the request's, failures come back as { ok: false, error, message }. The work is done in lib/booking.
 */
import { z } from 'zod';
import { action } from '@/lib/actions/action';
import { failIfRefused } from '@/lib/actions/domain-failure';
import { draftSchema } from '@/lib/booking/draft';
import { submitDraft } from '@/lib/booking/submit-draft';
import { checkPromoCodeNow, countWizardStart, draftForReminder, keepDraftForReminder, wizardOpenAllowed } from '@/lib/booking/wizard-requests';
import { log } from '@/lib/log';

/** Step 6: looks the code up (upper-cased) among active codes. */
export const validatePromoCode = action(z.string().max(40), async (code, ctx) => checkPromoCodeNow(code, ctx.locale), { rateLimit: 'promoCheck' });

/**
 * Step 12: validates the whole draft, recomputes the quote, creates the booking; answers with the next address.
 * Failures carry the 'Booking Failed' code as `error` and the missing fields as `details`.
 */
export const createBooking = action(draftSchema, async (draft, ctx) => failIfRefused(await submitDraft(draft, ctx)).booking, { rateLimit: 'bookingSubmit' });

/** Step 8 on: keeps a server copy of a draft with an email for the one abandoned-draft reminder. Returns its token. */
export const saveDraftForReminder = action(draftSchema, async (draft, ctx) => keepDraftForReminder(draft, ctx.locale), { rateLimit: 'draftSave' });

/**
 * The wizard opened (its page is a cached shell, so this is the one request per visit that knows who opened it):
 * counts the start for the dashboard's conversion (one upsert, like the rate-limit check before it: nothing worth
 * deferring, and a failure only loses the count), and answers the draft of the reminder link's
 * ?draft=TOKEN, or null. The same as the page did when it rendered per request: one counter row per day, a token the
 * server never issued reads nothing.
 */
export const openWizard = action(z.object({ draftToken: z.string().max(64).nullable() }), async ({ draftToken }, ctx) => {
  // Rate-limited per network (issue 38): a script opening the wizard in a loop neither inflates the conversion chart
  // nor reads drafts; a person over the limit still books (the wizard opens empty).
  if (!(await wizardOpenAllowed(ctx.address))) return { draft: null };
  await countWizardStart().catch((err: unknown) => log.warn({ err }, 'wizard start not counted'));
  return { draft: draftToken ? await draftForReminder(draftToken) : null };
});
