'use server';
import { z } from 'zod';
import { db } from '@/lib/db';
import { action } from '@/lib/actions/action';
import { failIfRefused } from '@/lib/actions/domain-failure';
import { draftSchema } from '@/lib/booking/draft';
import { submitDraft } from '@/lib/booking/submit-draft';
import { leaveWaitingList, claimOffer, restoreOffer } from '@/lib/billing/waiting-list-offers';
import { isOnlineMethod } from '@/lib/booking/payment-methods';

const checkoutSchema = z.object({
  draft: draftSchema,
  offer: z.object({ id: z.string().max(40), token: z.string().max(100) }).nullable().default(null),
});

/**
 * Submits the one-page checkout through the same booking submit as the wizard (validation, pricing, unit reservation).
 * A waiting-list offer lifts its 24-hour hold just before the booking takes a unit of the type, and the person leaves
 * the list once booked. Offline methods land on /booking-success (card and PromptPay go to Stripe, whose return
 * address the booking code sets).
 */
export const submitCheckout = action(checkoutSchema, async ({ draft, offer }, ctx) => {
  const used = offer ? await claimOffer(db, offer.id, offer.token, new Date()) : null;
  // The offer's link was emailed to the person on the list: booking with that email, they have proven it.
  const emailVerified = Boolean(used && used.email === draft.contact.email.trim().toLowerCase());
  const result = await submitDraft(draft, ctx, { emailVerified });
  // A refused submit keeps the offer (issue 38): its unit is held for the person again while its 24 hours run.
  if (!result.ok && offer && used) await restoreOffer(db, { offerId: offer.id }, null, new Date());
  const booked = failIfRefused(result).booking;
  // Card and PromptPay leave the list once paid (lib/payments/stripe-events/checkout-session.ts): a checkout that
  // fails gives the offer back.
  if (used && !(draft.paymentMethod && isOnlineMethod(draft.paymentMethod))) await leaveWaitingList(db, used.entryId);
  return { ...booked, redirectUrl: booked.redirectUrl.replace('/booking-v2-success', '/booking-success') };
}, { rateLimit: 'bookingSubmit' });
