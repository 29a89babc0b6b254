'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { action, ActionFailure } from '@/lib/actions/action';
import { translator } from '@/lib/i18n/translator';
import { PORTAL_REQUEST_DETAILS_MAX, PORTAL_REQUEST_KINDS } from '@/lib/privacy/portal-requests';
import { requestFromPortalLink } from '@/lib/privacy/portal-view';

// A request under the PDPA from the portal (docs/product-rules.md#personal-data-pdpa), for the email of the rental shown.
const schema = z.object({
  reference: z.string().trim().max(20),
  token: z.string().trim().max(100).optional(),
  kind: z.enum(PORTAL_REQUEST_KINDS),
  details: z.string().trim().max(PORTAL_REQUEST_DETAILS_MAX).optional(),
});

export const requestPrivacyAction = action(
  schema,
  async (i, ctx) => {
    // A correction needs to say what is wrong (said in the customer's language); the other kinds need nothing more.
    if (i.kind === 'correction' && (i.details ?? '').length < 3) {
      throw new ActionFailure('validation', translator(ctx.locale, 'privacy')('portal.detailsNeeded'), { fieldErrors: { details: ['required'] } });
    }
    const made = await requestFromPortalLink(i);
    if (!made) throw new ActionFailure('not_found', translator(ctx.locale, 'portal')('errors.not_found'));
    const { request, created } = made;
    revalidatePath(`/${ctx.locale}/my-booking/${i.reference}`, 'page');
    return { id: request.id, created };
  },
  { rateLimit: 'privacyRequest' },
);
