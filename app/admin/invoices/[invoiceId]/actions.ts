'use server';
import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { ActionFailure } from '@/lib/actions/action';
import { adminAction } from '@/lib/admin/guard';
import { bahtToSatang } from '@/lib/pricing';
import { formatTHB } from '@/lib/format/money';
import { recordWithholdingCertificate } from '@/lib/invoices/withholding';

/** Staff: record the withholding-tax certificate (50 ทวิ) received for an invoice; it settles the invoice. */
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
    if (!r.ok) {
      const t = await getTranslations('admin.withholding.errors');
      throw new ActionFailure(r.error, r.error === 'amount_mismatch' ? t('amount_mismatch', { amount: formatTHB(r.withheldSatang, 'en') }) : t(r.error));
    }
    revalidatePath(`/admin/invoices/${input.invoiceId}`);
    revalidatePath('/admin/invoices/withholding');
    return { recorded: true };
  },
);
