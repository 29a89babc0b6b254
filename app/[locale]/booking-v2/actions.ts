'use server';
/**
 * Server actions of the booking wizard, through action() (lib/actions/action.ts): zod parses the input, the locale is
 * the request's, failures come back as { ok: false, error, message }. The work is done in lib/booking.
 */
import { z } from 'zod';
import { db } from '@/lib/db';
import { action } from '@/lib/actions/action';
import { failIfRefused } from '@/lib/actions/domain-failure';
import { draftSchema } from '@/lib/booking/draft';
import { checkPromoCode } from '@/lib/booking/promo';
import { submitDraft } from '@/lib/booking/submit-draft';
import { saveDraftForReminder as saveDraft } from '@/lib/booking/drafts';

/** Step 6: looks the code up (upper-cased) among active codes. */
export const validatePromoCode = action(z.string().max(40), async (code, ctx) => checkPromoCode(db, code, new Date(), ctx.locale), { rateLimit: 'promoCheck' });

/**
 * Step 12: validates the whole draft, recomputes the quote, creates the booking; answers with the next address.
 * Failures carry the 'Booking Failed' code as `error` and the missing fields as `details`.
 */
export const createBooking = action(draftSchema, async (draft, ctx) => failIfRefused(await submitDraft(draft, ctx)).booking, { rateLimit: 'bookingSubmit' });

/** Step 8 on: keeps a server copy of a draft with an email for the one abandoned-draft reminder. Returns its token. */
export const saveDraftForReminder = action(draftSchema, async (draft, ctx) => saveDraft(db, draft, ctx.locale), { rateLimit: 'draftSave' });
