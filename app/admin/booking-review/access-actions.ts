'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { ActionFailure } from '@/lib/actions/action';
import { adminAction, type AdminScope } from '@/lib/admin/guard';
import { markGateChangeDoneByHand, regeneratePinForBooking } from '@/lib/rentals/access';
import { translator } from '@/lib/i18n/translator';
import { log } from '@/lib/log';
import { deliverQueued } from '@/lib/jobs/email-outbox';
import { rejectIdentity, verifyIdentity } from '@/lib/identity/documents';
import { addConditionPhoto, MAX_PHOTO_BYTES } from '@/lib/condition/photos';
import { uploadErrorText } from '@/lib/uploads/messages';
import { viewGatePin } from '@/lib/gate/pin';

// Identity check, gate PIN and gate changes from the booking review (docs/product-rules.md#identity-and-gate-access).
const id = z.string().trim().min(1).max(40);

async function deliver(db: AdminScope['db'], keys: string[]) {
  for (const key of keys) await deliverQueued(db, key).catch((err: unknown) => log.error({ err }, 'access email: delivery failed; the outbox retries'));
}

async function show(db: AdminScope['db'], bookingId: string, done: string, fn: () => Promise<string[]>): Promise<never> {
  try {
    await deliver(db, await fn());
  } finally {
    revalidatePath(`/admin/booking-review/${bookingId}`);
  }
  redirect(`/admin/booking-review/${encodeURIComponent(bookingId)}?done=${done}`);
}

export const verifyIdentityAction = adminAction('bookingReview',
  z.object({ bookingId: id }),
  async (i, ctx) => show(ctx.db, i.bookingId, 'identityVerified', () => verifyIdentity(ctx.db, i.bookingId, ctx.staff)),
);

export const rejectIdentityAction = adminAction('bookingReview',
  z.object({ bookingId: id, reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) => show(ctx.db, i.bookingId, 'identityRejected', () => rejectIdentity(ctx.db, i.bookingId, i.reason, ctx.staff)),
);

export const regeneratePinAction = adminAction('bookingReview',
  z.object({ bookingId: id }),
  async (i, ctx) =>
    show(ctx.db, i.bookingId, 'pinRegenerated', async () => {
      try {
        return [await regeneratePinForBooking(ctx.db, i.bookingId, ctx.staff)];
      } catch (error) {
        if (error instanceof Error && error.message === 'not_allowed') throw new ActionFailure('no_pin', translator(ctx.locale, 'moveIn')('errors.no_pin'));
        throw error;
      }
    }),
);

export const markGateDoneAction = adminAction('bookingReview',
  z.object({ changeId: id }),
  async (i, ctx) => {
    const done = await markGateChangeDoneByHand(ctx.db, i.changeId, ctx.staff);
    if (!done) throw new ActionFailure('not_allowed', translator(ctx.locale, 'moveIn')('errors.not_allowed'));
    revalidatePath('/admin');
    return null;
  },
);

/** A condition photo from staff (docs/product-rules.md#condition-photos). */
export const addConditionPhotoAction = adminAction('bookingReview',
  z.object({ bookingId: id, stage: z.enum(['move_in', 'move_out']), photo: z.instanceof(File), note: z.string().trim().max(500).default('') }),
  async (i, ctx) => {
    const t = translator(ctx.locale, 'moveIn');
    if (i.photo.size === 0) throw new ActionFailure('photo_type', uploadErrorText(ctx.locale, 'photo_type'));
    if (i.photo.size > MAX_PHOTO_BYTES) throw new ActionFailure('file_size', uploadErrorText(ctx.locale, 'file_size'));
    try {
      await addConditionPhoto(ctx.db, i.bookingId, { stage: i.stage, bytes: new Uint8Array(await i.photo.arrayBuffer()), note: i.note }, { staff: ctx.staff });
    } finally {
      revalidatePath(`/admin/booking-review/${i.bookingId}`);
    }
    return null;
  },
);

/**
 * Shows the gate PIN to the staff member who asks (docs/product-rules.md#identity-and-gate-access): a POST, because
 * each showing writes an audit row; a link or a reload never reveals it.
 */
export const revealPinAction = adminAction('bookingReview',
  z.object({ bookingId: id }),
  async (i, ctx) => {
    const pin = await viewGatePin(ctx.db, i.bookingId, { staff: ctx.staff });
    if (!pin) throw new ActionFailure('no_pin', translator(ctx.locale, 'moveIn')('errors.no_pin'));
    return { pin };
  },
);
