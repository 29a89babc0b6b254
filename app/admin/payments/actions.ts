'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { adminAction } from '@/lib/admin/guard';
import { typedBaht } from '@/lib/admin/typed-baht';
import { recordCounterPayment, recordCounterPaymentAcross, rejectStaffPayment, verifyStaffPayment } from '@/lib/payments/staff-payments';

const id = z.string().trim().min(1).max(40);
const baht = typedBaht;

function refresh(invoiceId?: string | null) {
  revalidatePath('/admin/payments');
  if (invoiceId) revalidatePath(`/admin/invoices/${invoiceId}`);
}

export const verifyQueuedPaymentAction = adminAction('payments',
  z.object({ paymentId: id, amount: z.union([z.literal(''), baht]).optional(), note: z.string().trim().max(500).optional() }),
  async (i, ctx) => {
    const r = await verifyStaffPayment(ctx.db, { paymentId: i.paymentId, amountSatang: typeof i.amount === 'number' ? i.amount : undefined, note: i.note }, ctx.staff);
    refresh(r.invoiceId);
    // The checked payment leaves the queue (and its form with it): the page itself says what happened.
    redirect('/admin/payments?done=verified');
  },
);

export const rejectQueuedPaymentAction = adminAction('payments',
  z.object({ paymentId: id, reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) => {
    await rejectStaffPayment(ctx.db, i, ctx.staff);
    refresh();
    redirect('/admin/payments?done=rejected');
  },
);

export const recordCounterPaymentAction = adminAction('payments',
  z.object({ invoiceId: id, method: z.enum(['cash', 'bank_transfer']), amount: baht }),
  async (i, ctx) => {
    const r = await recordCounterPayment(ctx.db, { invoiceId: i.invoiceId, method: i.method, amountSatang: i.amount }, ctx.staff);
    refresh(i.invoiceId);
    return { invoicePaid: r.invoicePaid };
  },
);

/** One counter payment for several open invoices of a booking, oldest first (docs/product-rules.md#counter-payments). */
export const recordCounterPaymentAcrossAction = adminAction('payments',
  z.object({ bookingId: id, method: z.enum(['cash', 'bank_transfer']), amount: baht }),
  async (i, ctx) => {
    await recordCounterPaymentAcross(ctx.db, { bookingId: i.bookingId, method: i.method, amountSatang: i.amount }, ctx.staff);
    refresh();
    revalidatePath('/admin/invoices');
    revalidatePath(`/admin/booking-review/${i.bookingId}`);
    redirect(`/admin/booking-review/${encodeURIComponent(i.bookingId)}?done=counterPaid#counter`);
  },
);
