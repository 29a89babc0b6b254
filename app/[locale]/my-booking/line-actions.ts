'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { action, ActionFailure } from '@/lib/actions/action';
import { db } from '@/lib/db';
import { translator } from '@/lib/i18n/translator';
import { portalBookingId } from '@/lib/portal/access';
import { lineConfigFromEnv } from '@/lib/line/client';
import { linkCodeFor, unlinkLine } from '@/lib/line/link';

// "Link LINE" and "Unlink LINE" in the portal (docs/product-rules.md#line-messages): for the email of the rental shown.
const bookingRef = z.object({ reference: z.string().trim().max(20), token: z.string().trim().max(100).optional() });

async function customerEmail(locale: string, reference: string, token: string | undefined): Promise<string> {
  const id = lineConfigFromEnv() ? await portalBookingId(db, reference, token) : null;
  if (!id) throw new ActionFailure('not_found', translator(locale, 'portal')('errors.not_found'));
  const b = await db.booking.findUniqueOrThrow({ where: { id }, select: { customer: { select: { email: true } } } });
  return b.customer.email;
}

export const linkLineAction = action(
  bookingRef,
  async (i, ctx) => {
    const email = await customerEmail(ctx.locale, i.reference, i.token);
    const { code, expiresAt } = await linkCodeFor(db, email, ctx.locale);
    revalidatePath(`/${ctx.locale}/my-booking/${i.reference}`, 'page');
    return { code, expiresAt: expiresAt.toISOString() };
  },
  { rateLimit: 'lineLink' },
);

export const unlinkLineAction = action(
  bookingRef,
  async (i, ctx) => {
    const email = await customerEmail(ctx.locale, i.reference, i.token);
    await unlinkLine(db, email);
    revalidatePath(`/${ctx.locale}/my-booking/${i.reference}`, 'page');
    return { unlinked: true };
  },
  { rateLimit: 'lineLink' },
);
