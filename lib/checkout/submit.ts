import 'server-only';
import { db } from '@/lib/db';
import type { BookingDraft } from '@/lib/booking/draft';
import { isOnlineMethod } from '@/lib/booking/payment-methods';
import { submitDraft, type SubmitContext, type SubmitResult } from '@/lib/booking/submit-draft';
import { claimOffer, leaveWaitingList, restoreOffer } from '@/lib/billing/waiting-list-offers';

/**
 * The one-page checkout's submit: the same booking submit as the wizard (validation, pricing, unit reservation). A
 * waiting-list offer lifts its 24-hour hold just before the booking takes a unit of the type, and the person leaves
 * the list once booked.
 */
export async function submitCheckoutDraft(draft: BookingDraft, offer: { id: string; token: string } | null, ctx: SubmitContext): Promise<SubmitResult> {
  const used = offer ? await claimOffer(db, offer.id, offer.token, new Date()) : null;
  // The offer's link was emailed to the person on the list: booking with that email, they have proven it.
  const emailVerified = Boolean(used && used.email === draft.contact.email.trim().toLowerCase());
  const result = await submitDraft(draft, ctx, { emailVerified });
  // A refused submit keeps the offer (issue 38): its unit is held for the person again while its 24 hours run.
  if (!result.ok) {
    if (offer && used) await restoreOffer(db, { offerId: offer.id }, null, new Date());
    return result;
  }
  // Card and PromptPay leave the list once paid (lib/payments/stripe-events/checkout-session.ts): a checkout that
  // fails gives the offer back.
  if (used && !(draft.paymentMethod && isOnlineMethod(draft.paymentMethod))) await leaveWaitingList(db, used.entryId);
  return result;
}
