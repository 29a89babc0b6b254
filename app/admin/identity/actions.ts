'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { adminAction } from '@/lib/admin/guard';
import { MAX_MASKS, maskIdentityDocument } from '@/lib/identity/masking';

const fraction = z.number().min(0).max(1);
/** The rectangles drawn on the screen, as fractions of the picture (lib/identity/masking.ts), sent as one JSON field. */
const rects = z
  .string()
  .max(20_000)
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'json' });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.object({ x: fraction, y: fraction, w: z.number().min(-1).max(1), h: z.number().min(-1).max(1) })).min(1).max(MAX_MASKS));

/** Burns the masks into an identity document waiting to be checked; the original is replaced (docs/product-rules.md#personal-data-pdpa). */
export const maskIdentityAction = adminAction('identity',
  z.object({ id: z.string().min(1).max(40), rects }),
  async (i, ctx) => {
    const { bookingId } = await maskIdentityDocument(ctx.db, i.id, i.rects, ctx.staff);
    revalidatePath(`/admin/booking-review/${bookingId}`);
    redirect(`/admin/booking-review/${bookingId}#identity`);
  },
);
