'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { action, ActionFailure } from '@/lib/actions/action';
import { db } from '@/lib/db';
import { translator } from '@/lib/i18n/translator';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { LifecycleError, lifecycleMessage } from '@/lib/lifecycle';
import { StaffDocumentError } from '@/lib/billing/staff-documents';
import {
  addNote,
  BookingActionError,
  cancelBooking,
  changeUnit,
  confirmBooking,
  endRental,
  moveIn,
  recordCashPayment,
  rejectPayment,
  releaseHold,
  revokeLinks,
  resendEmail,
  verifyPayment,
} from '@/lib/admin/booking-actions';

const id = z.string().trim().min(1).max(40);
/** Baht as staff type it ('1,250' or '1250.50') → satang. */
const baht = z
  .string()
  .trim()
  .regex(/^\d{1,7}(,\d{3})*(\.\d{1,2})?$|^\d{1,9}(\.\d{1,2})?$/)
  .transform((v) => Math.round(Number(v.replace(/,/g, '')) * 100));

/** Runs a booking action for the signed-in staff member; refusals come back as translated messages. */
async function run<T>(locale: string, bookingId: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof BookingActionError) throw new ActionFailure(error.code, translator(locale, 'admin')(`bookingActions.errors.${error.code}`));
    // A move the lifecycle refuses (another staff member got there first): nothing was written.
    if (error instanceof LifecycleError) throw new ActionFailure('not_allowed', lifecycleMessage(locale, error));
    if (error instanceof StaffDocumentError) throw new ActionFailure(error.code, translator(locale, 'staffDocuments.errors')(error.code));
    throw error;
  } finally {
    revalidatePath(`/admin/booking-review/${bookingId}`);
  }
}

/**
 * A state change reloads the review with `done` set: the form that was used disappears once its state no longer
 * allows it, so the page itself says what happened.
 */
async function runAndShow(locale: string, bookingId: string, done: string, fn: () => Promise<unknown>): Promise<never> {
  await run(locale, bookingId, fn);
  redirect(`/admin/booking-review/${encodeURIComponent(bookingId)}?done=${done}`);
}

export const verifyPaymentAction = action(
  z.object({ bookingId: id, note: z.string().trim().max(500).optional() }),
  async (i, ctx) => runAndShow(ctx.locale, i.bookingId, 'verified', () => verifyPayment(db, i, ctx.staff!)),
  { role: 'staff' },
);

export const rejectPaymentAction = action(
  z.object({ bookingId: id, reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) => runAndShow(ctx.locale, i.bookingId, 'rejected', () => rejectPayment(db, i, ctx.staff!)),
  { role: 'staff' },
);

export const recordCashAction = action(
  z.object({ bookingId: id, amount: baht }),
  async (i, ctx) => runAndShow(ctx.locale, i.bookingId, 'cashRecorded', () => recordCashPayment(db, { bookingId: i.bookingId, amountSatang: i.amount }, ctx.staff!)),
  { role: 'staff' },
);

export const confirmBookingAction = action(
  z.object({ bookingId: id }),
  async (i, ctx) => runAndShow(ctx.locale, i.bookingId, 'confirmed', () => confirmBooking(db, i, ctx.staff!)),
  { role: 'staff' },
);

export const moveInAction = action(
  z.object({ bookingId: id, unitId: id }),
  async (i, ctx) => runAndShow(ctx.locale, i.bookingId, 'movedIn', () => moveIn(db, i, ctx.staff!)),
  { role: 'staff' },
);

export const changeUnitAction = action(
  z.object({ bookingId: id, unitId: id }),
  async (i, ctx) => runAndShow(ctx.locale, i.bookingId, 'unitChanged', () => changeUnit(db, i, ctx.staff!)),
  { role: 'staff' },
);

export const cancelBookingAction = action(
  z.object({ bookingId: id, refund: baht, reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) =>
    runAndShow(ctx.locale, i.bookingId, 'cancelled', () => cancelBooking(db, { bookingId: i.bookingId, refundSatang: i.refund, reason: i.reason }, ctx.staff!, createStripeClient())),
  { role: 'staff' },
);

export const endRentalAction = action(
  z.object({
    bookingId: id,
    fees: baht,
    feesNote: z.string().trim().max(500).default(''),
    openInvoices: z.enum(['credit', 'keep']).default('keep'),
    unitAfter: z.enum(['available', 'maintenance']).default('available'),
    // condition photos the deduction points at (one checkbox sends a string, several an array)
    photoIds: z.union([id, z.array(id).max(50)]).optional().transform((v) => (v === undefined ? [] : [v].flat())),
  }),
  async (i, ctx) =>
    runAndShow(ctx.locale, i.bookingId, 'ended', () =>
      endRental(db, { bookingId: i.bookingId, feesSatang: i.fees, feesNote: i.feesNote, openInvoices: i.openInvoices, unitAfter: i.unitAfter, photoIds: i.photoIds }, ctx.staff!, createStripeClient()),
    ),
  { role: 'staff' },
);

export const resendEmailAction = action(
  z.object({ bookingId: id, emailId: id }),
  async (i, ctx) => run(ctx.locale, i.bookingId, () => resendEmail(db, i, ctx.staff!).then(() => null)),
  { role: 'staff' },
);

export const addNoteAction = action(
  z.object({ bookingId: id, text: z.string().trim().min(1).max(2000) }),
  async (i, ctx) => run(ctx.locale, i.bookingId, () => addNote(db, i, ctx.staff!)),
  { role: 'staff' },
);

export const releaseHoldAction = action(
  z.object({ bookingId: id, reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) => runAndShow(ctx.locale, i.bookingId, 'holdReleased', () => releaseHold(db, i, ctx.staff!)),
  { role: 'staff' },
);

export const revokeLinksAction = action(
  z.object({ bookingId: id, reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) => runAndShow(ctx.locale, i.bookingId, 'linksRevoked', () => revokeLinks(db, i, ctx.staff!)),
  { role: 'staff' },
);
