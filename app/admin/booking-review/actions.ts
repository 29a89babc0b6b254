'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { adminAction } from '@/lib/admin/guard';
import { typedBaht } from '@/lib/admin/typed-baht';
import { createStripeClient } from '@/lib/payments/stripe/client';
import {
  addNote,
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
} from '@/lib/rentals/commands';

const id = z.string().trim().min(1).max(40);
const baht = typedBaht;

/** Runs a booking action and refreshes the review, done or refused (refusals are translated by adminAction). */
async function run<T>(bookingId: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    revalidatePath(`/admin/booking-review/${bookingId}`);
  }
}

/**
 * A state change reloads the review with `done` set: the form that was used disappears once its state no longer
 * allows it, so the page itself says what happened.
 */
async function runAndShow(bookingId: string, done: string, fn: () => Promise<unknown>): Promise<never> {
  await run(bookingId, fn);
  redirect(`/admin/booking-review/${encodeURIComponent(bookingId)}?done=${done}`);
}

export const verifyPaymentAction = adminAction('bookingReview',
  z.object({ bookingId: id, note: z.string().trim().max(500).optional() }),
  async (i, ctx) => runAndShow(i.bookingId, 'verified', () => verifyPayment(ctx.db, i, ctx.staff)),
);

export const rejectPaymentAction = adminAction('bookingReview',
  z.object({ bookingId: id, reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) => runAndShow(i.bookingId, 'rejected', () => rejectPayment(ctx.db, i, ctx.staff)),
);

export const recordCashAction = adminAction('bookingReview',
  z.object({ bookingId: id, amount: baht }),
  async (i, ctx) => runAndShow(i.bookingId, 'cashRecorded', () => recordCashPayment(ctx.db, { bookingId: i.bookingId, amountSatang: i.amount }, ctx.staff)),
);

export const confirmBookingAction = adminAction('bookingReview',
  z.object({ bookingId: id }),
  async (i, ctx) => runAndShow(i.bookingId, 'confirmed', () => confirmBooking(ctx.db, i, ctx.staff)),
);

export const moveInAction = adminAction('bookingReview',
  // reason: needed before the booked day or the ID check (docs/product-rules.md#move-in-out-of-the-ordinary)
  z.object({ bookingId: id, unitId: id, reason: z.string().trim().max(500).optional() }),
  async (i, ctx) => runAndShow(i.bookingId, 'movedIn', () => moveIn(ctx.db, i, ctx.staff)),
);

export const changeUnitAction = adminAction('bookingReview',
  z.object({ bookingId: id, unitId: id }),
  async (i, ctx) => runAndShow(i.bookingId, 'unitChanged', () => changeUnit(ctx.db, i, ctx.staff)),
);

export const cancelBookingAction = adminAction('bookingReview',
  z.object({ bookingId: id, refund: baht, reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) =>
    runAndShow(i.bookingId, 'cancelled', () => cancelBooking(ctx.db, { bookingId: i.bookingId, refundSatang: i.refund, reason: i.reason }, ctx.staff, createStripeClient())),
);

export const endRentalAction = adminAction('bookingReview',
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
    runAndShow(i.bookingId, 'ended', () =>
      endRental(ctx.db, { bookingId: i.bookingId, feesSatang: i.fees, feesNote: i.feesNote, openInvoices: i.openInvoices, unitAfter: i.unitAfter, photoIds: i.photoIds }, ctx.staff, createStripeClient()),
    ),
);

export const resendEmailAction = adminAction('bookingReview',
  z.object({ bookingId: id, emailId: id }),
  async (i, ctx) => run(i.bookingId, () => resendEmail(ctx.db, i, ctx.staff).then(() => null)),
);

export const addNoteAction = adminAction('bookingReview',
  z.object({ bookingId: id, text: z.string().trim().min(1).max(2000) }),
  async (i, ctx) => run(i.bookingId, () => addNote(ctx.db, i, ctx.staff)),
);

export const releaseHoldAction = adminAction('bookingReview',
  z.object({ bookingId: id, reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) => runAndShow(i.bookingId, 'holdReleased', () => releaseHold(ctx.db, i, ctx.staff)),
);

export const revokeLinksAction = adminAction('bookingReview',
  z.object({ bookingId: id, reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) => runAndShow(i.bookingId, 'linksRevoked', () => revokeLinks(ctx.db, i, ctx.staff)),
);
