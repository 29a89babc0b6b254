'use server';
/**
 * Server actions of the booking wizard. CONTRACT shared by the wizard (client) and the booking server code:
 * signatures are fixed; bodies are implemented in lib/booking.
 */
import { z } from 'zod';
import { db } from '@/lib/db';
import type { BookingDraft, CreateBookingResult, PromoCheckResult } from '@/lib/booking/draft';
import { checkPromoCode, normalizePromoCode } from '@/lib/booking/promo';
import { createBooking as createBookingInDb } from '@/lib/booking/create-booking';
import { saveDraftForReminder as saveDraft } from '@/lib/booking/drafts';
import { asLocale, bookingErrorsT } from '@/lib/booking/translator';
import { getLocale } from 'next-intl/server';
import { after } from 'next/server';

const codeSchema = z.string().max(40);
const localeSchema = z.string().max(10);

/** Step 6: looks the code up (upper-cased) among active codes. */
export async function validatePromoCode(code: string): Promise<PromoCheckResult> {
  const parsed = codeSchema.safeParse(code);
  if (!parsed.success) return { status: 'invalid', code: String(code ?? '').slice(0, 40).toUpperCase(), reason: 'not_found' };
  const locale = await getLocale().catch(() => 'en');
  return checkPromoCode(db, normalizePromoCode(parsed.data), new Date(), locale);
}

/** Submits in flight in this server process, by idempotency key (spec §4 duplicate-submission guard). */
const inFlight = new Set<string>();

/** Step 12: validates the whole draft, recomputes the quote, creates the booking; answers with the next address. */
export async function createBooking(draft: BookingDraft, locale: string): Promise<CreateBookingResult> {
  const loc = asLocale(localeSchema.safeParse(locale).success ? locale : 'en');
  const key = typeof draft?.idempotencyKey === 'string' ? draft.idempotencyKey : '';
  if (key && inFlight.has(key)) {
    const t = bookingErrorsT(loc);
    return { ok: false, error: 'in_progress', message: `${t('inProgressTitle')}: ${t('inProgress')}` };
  }
  if (key) inFlight.add(key);
  try {
    return await createBookingInDb(db, draft, { locale: loc, defer: (task) => after(task) });
  } finally {
    // Cleared on success and failure alike; a later retry with the same key returns the same booking.
    if (key) inFlight.delete(key);
  }
}

/** Step 8 on: keeps a server copy of a draft with an email for the one abandoned-draft reminder. Returns its token. */
export async function saveDraftForReminder(draft: BookingDraft, locale: string): Promise<{ token: string | null }> {
  try {
    return await saveDraft(db, draft, asLocale(localeSchema.safeParse(locale).success ? locale : 'en'));
  } catch (error) {
    console.error('booking: saving draft for reminder failed', error);
    return { token: null };
  }
}
