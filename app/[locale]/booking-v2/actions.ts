'use server';
/**
 * Server actions of the booking wizard, through action() (lib/actions/action.ts): zod parses the input, the locale is
 * the request's, failures come back as { ok: false, error, message }. The work is done in lib/booking.
 */
import { z } from 'zod';
import { after } from 'next/server';
import { db } from '@/lib/db';
import { action, ActionFailure } from '@/lib/actions/action';
import { translator } from '@/lib/i18n/translator';
import { draftSchema } from '@/lib/booking/draft';
import { checkPromoCode } from '@/lib/booking/promo';
import { createBooking as createBookingInDb } from '@/lib/booking/create-booking';
import { saveDraftForReminder as saveDraft } from '@/lib/booking/drafts';

/** Step 6: looks the code up (upper-cased) among active codes. */
export const validatePromoCode = action(z.string().max(40), async (code, ctx) => checkPromoCode(db, code, new Date(), ctx.locale));

/** Submits in flight in this server process, by idempotency key (the duplicate-submission guard). */
const inFlight = new Set<string>();

/**
 * Step 12: validates the whole draft, recomputes the quote, creates the booking; answers with the next address.
 * Failures carry the 'Booking Failed' code as `error` and the missing fields as `details`.
 */
export const createBooking = action(draftSchema, async (draft, ctx) => {
  const key = draft.idempotencyKey;
  if (inFlight.has(key)) {
    const t = translator(ctx.locale, 'bookingErrors');
    throw new ActionFailure('in_progress', `${t('inProgressTitle')}: ${t('inProgress')}`);
  }
  inFlight.add(key);
  try {
    const result = await createBookingInDb(db, draft, { locale: ctx.locale, defer: (task) => after(task) });
    if (!result.ok) {
      throw new ActionFailure(result.error, result.message ?? translator(ctx.locale, 'bookingErrors')('failure.other'), result.missing ? { details: result.missing } : {});
    }
    return { bookingId: result.bookingId, reference: result.reference, redirectUrl: result.redirectUrl };
  } finally {
    // Cleared on success and failure alike; a later retry with the same key returns the same booking.
    inFlight.delete(key);
  }
});

/** Step 8 on: keeps a server copy of a draft with an email for the one abandoned-draft reminder. Returns its token. */
export const saveDraftForReminder = action(draftSchema, async (draft, ctx) => saveDraft(db, draft, ctx.locale));
