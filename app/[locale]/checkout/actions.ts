'use server';
import { z } from 'zod';
import { action } from '@/lib/actions/action';
import { failIfRefused } from '@/lib/actions/domain-failure';
import { draftSchema } from '@/lib/booking/draft';
import { submitCheckoutDraft } from '@/lib/checkout/submit';

const checkoutSchema = z.object({
  draft: draftSchema,
  offer: z.object({ id: z.string().max(40), token: z.string().max(100) }).nullable().default(null),
});

/**
 * Submits the one-page checkout (lib/checkout/submit.ts: the wizard's booking submit, with a waiting-list offer's
 * hold lifted and the list left once booked). Offline methods land on /booking-success (card and PromptPay go to
 * Stripe, whose return address the booking code sets).
 */
export const submitCheckout = action(checkoutSchema, async ({ draft, offer }, ctx) => {
  const booked = failIfRefused(await submitCheckoutDraft(draft, offer, ctx)).booking;
  return { ...booked, redirectUrl: booked.redirectUrl.replace('/booking-v2-success', '/booking-success') };
}, { rateLimit: 'bookingSubmit' });
