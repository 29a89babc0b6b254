'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { action, ActionFailure } from '@/lib/actions/action';
import { db } from '@/lib/db';
import { translator } from '@/lib/i18n/translator';
import { LifecycleError, lifecycleMessage } from '@/lib/lifecycle';
import { recordCounterPayment, rejectStaffPayment, StaffPaymentError, verifyStaffPayment } from '@/lib/payments/staff-payments';

const id = z.string().trim().min(1).max(40);
/** Baht as staff type it ('1,250' or '1250.50') → satang; empty = the payment's own amount. */
const baht = z
  .string()
  .trim()
  .regex(/^\d{1,7}(,\d{3})*(\.\d{1,2})?$|^\d{1,9}(\.\d{1,2})?$/)
  .transform((v) => Math.round(Number(v.replace(/,/g, '')) * 100));

/** Refusals of the lifecycle and of amounts, as messages in the staff member's language. */
function refuse(locale: string, error: unknown): never {
  if (error instanceof LifecycleError) throw new ActionFailure('not_allowed', lifecycleMessage(locale, error));
  if (error instanceof StaffPaymentError) {
    const t = translator(locale, 'lifecycle');
    throw new ActionFailure(error.code, t(error.code === 'amount_too_large' ? 'errors.amountTooLarge' : 'errors.amountInvalid'));
  }
  throw error;
}

function refresh(invoiceId?: string | null) {
  revalidatePath('/admin/payments');
  if (invoiceId) revalidatePath(`/admin/invoices/${invoiceId}`);
}

export const verifyQueuedPaymentAction = action(
  z.object({ paymentId: id, amount: z.union([z.literal(''), baht]).optional(), note: z.string().trim().max(500).optional() }),
  async (i, ctx) => {
    const r = await verifyStaffPayment(db, { paymentId: i.paymentId, amountSatang: typeof i.amount === 'number' ? i.amount : undefined, note: i.note }, ctx.staff!).catch((e) => refuse(ctx.locale, e));
    refresh(r.invoiceId);
    // The checked payment leaves the queue (and its form with it): the page itself says what happened.
    redirect('/admin/payments?done=verified');
  },
  { role: 'staff' },
);

export const rejectQueuedPaymentAction = action(
  z.object({ paymentId: id, reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) => {
    await rejectStaffPayment(db, i, ctx.staff!).catch((e) => refuse(ctx.locale, e));
    refresh();
    redirect('/admin/payments?done=rejected');
  },
  { role: 'staff' },
);

export const recordCounterPaymentAction = action(
  z.object({ invoiceId: id, method: z.enum(['cash', 'bank_transfer']), amount: baht }),
  async (i, ctx) => {
    const r = await recordCounterPayment(db, { invoiceId: i.invoiceId, method: i.method, amountSatang: i.amount }, ctx.staff!).catch((e) => refuse(ctx.locale, e));
    refresh(i.invoiceId);
    return { invoicePaid: r.invoicePaid };
  },
  { role: 'staff' },
);
