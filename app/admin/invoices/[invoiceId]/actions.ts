'use server';
import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { ActionFailure } from '@/lib/actions/action';
import { adminAction } from '@/lib/admin/guard';
import { bahtToSatang } from '@/lib/pricing';
import { recordWithholdingCertificate } from '@/lib/invoices/withholding';

const MESSAGES = {
  not_found: 'This invoice does not exist.',
  no_withholding: 'This invoice has no withholding-tax line.',
  already_recorded: 'A certificate is already recorded for this invoice.',
} as const;

/** Staff: record the withholding-tax certificate received for an invoice. */
export const recordCertificate = adminAction('invoices',
  z.object({
    invoiceId: z.string().regex(/^[a-z0-9]{10,40}$/i),
    number: z.string().trim().min(1, 'Certificate number is required').max(60),
    issuedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of the certificate is required'),
    amountBaht: z.coerce.number().positive('Amount withheld must be above 0').max(10_000_000),
    note: z.string().trim().max(500).optional(),
  }),
  async (input, ctx) => {
    const r = await recordWithholdingCertificate(ctx.db, ctx.staff, { invoiceId: input.invoiceId, number: input.number, issuedOn: input.issuedOn, amountSatang: bahtToSatang(input.amountBaht), note: input.note ?? null });
    if (!r.ok) throw new ActionFailure(r.error, MESSAGES[r.error]);
    revalidatePath(`/admin/invoices/${input.invoiceId}`);
    return { recorded: true };
  },
);
