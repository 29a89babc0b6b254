import 'server-only';
import { db } from '@/lib/db';
import { deviceKey } from '@/lib/security/device';
import { translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';
import type { BookingDraft } from './draft';
import { createBooking } from './create-booking';
import { requesterFor } from './requester';

/** Submits in flight in this server process, by idempotency key (the duplicate-submission guard). */
const inFlight = new Set<string>();

/** Who submits: the request's language, network address and browser (an action's context has them). */
export interface SubmitContext {
  locale: Locale;
  address: string;
  userAgent: string | null;
}

/** A submit that made no booking: the 'Booking Failed' code, its translated message and the missing fields. */
export type SubmitFailure = { ok: false; error: string; message: string; details?: string[] };
export type SubmitResult = { ok: true; booking: { bookingId: string; reference: string; redirectUrl: string } } | SubmitFailure;

/**
 * The submit of a booking from a server action (the wizard's review step and the one-page checkout alike):
 * one booking per idempotency key; the confirmation email and the staff alert are tasks the booking's transaction
 * wrote (lib/platform/tasks), sent by the task worker after the answer. A failure is returned, not thrown; the
 * action answers it as its failure (failIfRefused, lib/actions/domain-failure.ts).
 */
export async function submitDraft(draft: BookingDraft, ctx: SubmitContext, opts: { emailVerified?: boolean } = {}): Promise<SubmitResult> {
  const { locale } = ctx;
  const key = draft.idempotencyKey;
  if (inFlight.has(key)) {
    const t = translator(locale, 'bookingErrors');
    return { ok: false, error: 'in_progress', message: `${t('inProgressTitle')}: ${t('inProgress')}` };
  }
  inFlight.add(key);
  try {
    const requester = requesterFor({ address: ctx.address, userAgent: ctx.userAgent, deviceKey: await deviceKey(), emailVerified: opts.emailVerified });
    const result = await createBooking(db, draft, { locale, requester });
    if (!result.ok) {
      return { ok: false, error: result.error, message: result.message ?? translator(locale, 'bookingErrors')('failure.other'), ...(result.missing ? { details: result.missing } : {}) };
    }
    return { ok: true, booking: { bookingId: result.bookingId, reference: result.reference, redirectUrl: result.redirectUrl } };
  } finally {
    // Cleared on success and failure alike; a later retry with the same key returns the same booking.
    inFlight.delete(key);
  }
}
