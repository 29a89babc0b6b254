'use server';
import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { adminAction } from '@/lib/admin/guard';
import { typedBaht } from '@/lib/admin/typed-baht';
import { MAX_SUPPLY_QTY, SUPPLY_IDS } from '@/lib/pricing';
import { AGREEMENT_FEE_CODES } from '@/lib/pricing/fees';
import { issueStaffCreditNote, issueStaffInvoice } from '@/lib/billing/staff-documents';

const id = z.string().trim().min(1).max(40);
const quantity = z.preprocess((v) => (v === '' || v === undefined ? 0 : v), z.coerce.number().int().min(0).max(MAX_SUPPLY_QTY));
const baht = typedBaht;

/** Staff: an invoice for the agreement's fees and supplies sold at the counter, from the booking review. */
export const issueStaffInvoiceAction = adminAction('invoices',
  z.object({
    bookingId: id,
    note: z.string().trim().max(500).optional(),
    ...Object.fromEntries(AGREEMENT_FEE_CODES.map((c) => [`fee_${c}`, quantity])),
    ...Object.fromEntries(SUPPLY_IDS.map((s) => [`supply_${s}`, quantity])),
  }),
  async (input, ctx) => {
    const i = input as Record<string, unknown> & { bookingId: string; note?: string };
    const fees = Object.fromEntries(AGREEMENT_FEE_CODES.map((c) => [c, Number(i[`fee_${c}`] ?? 0)]));
    const supplies = Object.fromEntries(SUPPLY_IDS.map((s) => [s, Number(i[`supply_${s}`] ?? 0)]));
    const invoice = await issueStaffInvoice(ctx.db, { bookingId: i.bookingId, fees, supplies, note: i.note || undefined }, ctx.staff);
    revalidatePath(`/admin/booking-review/${i.bookingId}`);
    revalidatePath('/admin/invoices');
    redirect(`/admin/invoices/${invoice.id}?done=issued`);
  },
);

/** Staff: waive (no amount: all that is still due) or correct an invoice with a credit note. */
export const issueCreditNoteAction = adminAction('invoices',
  z.object({ invoiceId: id, amount: z.union([z.literal(''), baht]).optional(), reason: z.string().trim().min(3).max(500) }),
  async (i, ctx) => {
    const r = await issueStaffCreditNote(ctx.db, { invoiceId: i.invoiceId, amountSatang: typeof i.amount === 'number' ? i.amount : undefined, reason: i.reason }, ctx.staff);
    revalidatePath(`/admin/invoices/${i.invoiceId}`);
    revalidatePath('/admin/invoices');
    redirect(`/admin/invoices/${i.invoiceId}/credit-notes/${r.note.id}?done=issued`);
  },
);
