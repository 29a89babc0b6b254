'use server';
/**
 * Server actions of the booking wizard. CONTRACT shared by the wizard (client) and the booking server code:
 * signatures are fixed; bodies are implemented in lib/booking.
 */
import type { BookingDraft, CreateBookingResult, PromoCheckResult } from '@/lib/booking/draft';

/** Step 6: looks the code up (upper-cased) among active codes. */
export async function validatePromoCode(code: string): Promise<PromoCheckResult> {
  void code;
  return { status: 'invalid', code: code.toUpperCase(), reason: 'error' };
}

/** Step 12: validates the whole draft, recomputes the quote, creates the booking; answers with the next address. */
export async function createBooking(draft: BookingDraft, locale: string): Promise<CreateBookingResult> {
  void draft;
  void locale;
  return { ok: false, error: 'other' };
}

/** Step 8 on: keeps a server copy of a draft with an email for the one abandoned-draft reminder. Returns its token. */
export async function saveDraftForReminder(draft: BookingDraft, locale: string): Promise<{ token: string | null }> {
  void draft;
  void locale;
  return { token: null };
}
