'use server';
import { z } from 'zod';
import { db } from '@/lib/db';
import type { BookingDraft, CreateBookingResult } from '@/lib/booking/draft';
import { toLocale } from '@/lib/i18n/translator';
import { leaveWaitingList, claimOffer } from '@/lib/billing/waiting-list-offers';
import { createBooking } from '../booking-v2/actions';

const offerSchema = z.object({ id: z.string().max(40), token: z.string().max(100) }).nullable();

/**
 * THE one call from /checkout into booking creation: the wizard's own server action (same validation, pricing and
 * unit reservation). Kept in this small function so a change of that action's shape is adapted here only.
 */
async function createBookingThroughWizardAction(draft: BookingDraft, locale: string): Promise<CreateBookingResult> {
  return createBooking(draft, locale);
}

/**
 * Submits the one-page checkout. A waiting-list offer lifts its 24-hour hold just before the booking takes a unit of
 * the type, and the person leaves the list once booked. Offline methods land on /booking-success (card and PromptPay
 * go to Stripe, whose return address the booking code sets).
 */
export async function submitCheckout(draft: BookingDraft, locale: string, offer: { id: string; token: string } | null): Promise<CreateBookingResult> {
  const loc = toLocale(locale);
  const parsedOffer = offerSchema.safeParse(offer);
  const used = parsedOffer.success && parsedOffer.data ? await claimOffer(db, parsedOffer.data.id, parsedOffer.data.token, new Date()) : null;
  const result = await createBookingThroughWizardAction(draft, loc);
  if (result.ok && used) await leaveWaitingList(db, used.entryId);
  if (result.ok && result.redirectUrl.includes('/booking-v2-success')) {
    return { ...result, redirectUrl: result.redirectUrl.replace('/booking-v2-success', '/booking-success') };
  }
  return result;
}
