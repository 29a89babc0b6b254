'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { action, ActionFailure } from '@/lib/actions/action';
import { translator } from '@/lib/i18n/translator';
import { portalLinkLine, portalUnlinkLine } from '@/lib/portal/line';

// "Link LINE" and "Unlink LINE" in the portal (docs/product-rules.md#line-messages): for the email of the rental shown.
const bookingRef = z.object({ reference: z.string().trim().max(20), token: z.string().trim().max(100).optional() });

const notFound = (locale: string) => new ActionFailure('not_found', translator(locale, 'portal')('errors.not_found'));

export const linkLineAction = action(
  bookingRef,
  async (i, ctx) => {
    const linked = await portalLinkLine(i.reference, i.token, ctx.locale);
    if (!linked) throw notFound(ctx.locale);
    revalidatePath(`/${ctx.locale}/my-booking/${i.reference}`, 'page');
    return { code: linked.code, expiresAt: linked.expiresAt.toISOString() };
  },
  { rateLimit: 'lineLink' },
);

export const unlinkLineAction = action(
  bookingRef,
  async (i, ctx) => {
    if (!(await portalUnlinkLine(i.reference, i.token))) throw notFound(ctx.locale);
    revalidatePath(`/${ctx.locale}/my-booking/${i.reference}`, 'page');
    return { unlinked: true };
  },
  { rateLimit: 'lineLink' },
);
