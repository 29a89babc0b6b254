import 'server-only';
import { after } from 'next/server';
import { db } from '@/lib/db';
import { ActionFailure, type ActionContext } from '@/lib/actions/action';
import { deviceKey } from '@/lib/security/device';
import { translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';
import type { BookingDraft } from './draft';
import { createBooking } from './create-booking';
import { requesterFor } from './requester';

/**
 * Work after the answer (the confirmation email): Next's `after` inside a request; outside one (a script, a test) the
 * task simply runs, so a booking that was made is never reported as failed because of its email.
 */
function deferred(task: () => Promise<unknown>): void {
  try {
    after(task);
  } catch {
    void task();
  }
}

/** Submits in flight in this server process, by idempotency key (the duplicate-submission guard). */
const inFlight = new Set<string>();

/**
 * The submit of a booking from a server action (the wizard's review step and the one-page checkout alike):
 * one booking per idempotency key, the confirmation email after the answer, failures as ActionFailure with the
 * 'Booking Failed' code and the missing fields as details.
 */
export async function submitDraft(draft: BookingDraft, ctx: Pick<ActionContext, 'locale' | 'address' | 'userAgent'>, opts: { emailVerified?: boolean } = {}) {
  const { locale } = ctx;
  const key = draft.idempotencyKey;
  if (inFlight.has(key)) {
    const t = translator(locale, 'bookingErrors');
    throw new ActionFailure('in_progress', `${t('inProgressTitle')}: ${t('inProgress')}`);
  }
  inFlight.add(key);
  try {
    const requester = requesterFor({ address: ctx.address, userAgent: ctx.userAgent, deviceKey: await deviceKey(), emailVerified: opts.emailVerified });
    const result = await createBooking(db, draft, { locale, defer: deferred, requester });
    if (!result.ok) {
      throw new ActionFailure(result.error, result.message ?? translator(locale, 'bookingErrors')('failure.other'), result.missing ? { details: result.missing } : {});
    }
    return { bookingId: result.bookingId, reference: result.reference, redirectUrl: result.redirectUrl };
  } finally {
    // Cleared on success and failure alike; a later retry with the same key returns the same booking.
    inFlight.delete(key);
  }
}
