'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { action, ActionFailure } from '@/lib/actions/action';
import { translator } from '@/lib/i18n/translator';
import { portalBookingIdFor, prepayFromPortal, replaceCardFromPortal } from '@/lib/portal/commands';
import { signedPortalUrl } from '@/lib/booking/portal-link';
import { invoicePath } from '@/lib/invoices/access';
import { PREPAY_TERMS } from '@/lib/billing/prepay';

// Prepayment and card replacement from the portal (docs/product-rules.md#prices-over-time-prepayment-and-card-retries).
const bookingRef = { reference: z.string().trim().max(20), token: z.string().trim().max(100).optional() };

async function authorizedBooking(locale: string, reference: string, token: string | undefined): Promise<string> {
  const id = await portalBookingIdFor(reference, token);
  if (!id) throw new ActionFailure('not_found', translator(locale, 'portal')('errors.not_found'));
  return id;
}

/** Issues the prepayment invoice (the price comes from lib/pricing, never the form) and opens its payment page. */
export const prepayAction = action(
  z.object({ ...bookingRef, term: z.enum(PREPAY_TERMS) }),
  async (i, ctx) => {
    const id = await authorizedBooking(ctx.locale, i.reference, i.token);
    let invoiceId: string;
    try {
      invoiceId = (await prepayFromPortal(id, i.term)).invoiceId;
    } finally {
      revalidatePath(`/${ctx.locale}/my-booking/${i.reference}`, 'page');
    }
    redirect(invoicePath(ctx.locale, invoiceId, 'pay'));
  },
  { rateLimit: 'portalBilling' },
);

/** Opens Stripe Checkout in setup mode; back on the booking page once the new card is saved. */
export const replaceCardAction = action(
  z.object({ ...bookingRef }),
  async (i, ctx) => {
    const id = await authorizedBooking(ctx.locale, i.reference, i.token);
    const r = await replaceCardFromPortal({ bookingId: id, locale: ctx.locale, returnUrl: signedPortalUrl(ctx.locale, i.reference) });
    if (!r.ok) throw new ActionFailure(r.error, translator(ctx.locale, 'rentTerms.portal')(`errors.${r.error}`));
    redirect(r.url);
  },
  { rateLimit: 'portalBilling' },
);
