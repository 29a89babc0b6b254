'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { bahtToSatang } from '@/lib/pricing';
import { createPromoCode, updatePromoCode } from '@/lib/catalog/commands';

const checkbox = z.preprocess((v) => v === 'on' || v === 'true', z.boolean());
const bangkokDay = (end: boolean) =>
  z.preprocess((v) => (v === '' || v == null ? null : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/).transform((d) => new Date(`${d}T${end ? '23:59:59' : '00:00:00'}+07:00`)).nullable());
const optionalCount = z.preprocess((v) => (v === '' || v == null ? null : v), z.coerce.number().int().min(1).max(1_000_000).nullable());

export const createPromoAction = adminAction('promoCodes',
  z
    .object({
      code: z.string().trim().regex(/^[A-Za-z0-9_-]{3,30}$/),
      discountType: z.enum(['percentage', 'fixed']),
      value: z.string().trim().regex(/^\d{1,6}(\.\d{1,2})?$/).transform(Number),
      validFrom: bangkokDay(false).pipe(z.date()),
      validUntil: bangkokDay(true),
      maxUses: optionalCount,
      isActive: checkbox,
      descriptionEn: z.string().trim().min(1).max(120),
      descriptionTh: z.string().trim().max(120).default(''),
      descriptionRu: z.string().trim().max(120).default(''),
    })
    .refine((v) => (v.discountType === 'percentage' ? v.value > 0 && v.value <= 100 && Number.isInteger(v.value) : v.value > 0), { path: ['value'] })
    .refine((v) => !v.validUntil || v.validUntil > v.validFrom, { path: ['validUntil'] }),
  async (i, ctx) => {
    await createPromoCode(ctx.db, ctx.staff, {
      code: i.code,
      discountType: i.discountType,
      // percent for percentage codes, satang for fixed amounts
      discountValue: i.discountType === 'percentage' ? i.value : bahtToSatang(i.value),
      validFrom: i.validFrom,
      validUntil: i.validUntil,
      maxUses: i.maxUses,
      isActive: i.isActive,
      description: { en: i.descriptionEn, th: i.descriptionTh || i.descriptionEn, ru: i.descriptionRu || i.descriptionEn },
    });
    revalidatePath('/admin/promo-codes');
    return null;
  },
);

export const updatePromoAction = adminAction('promoCodes',
  z.object({ id: z.string().min(1).max(40), isActive: checkbox, validUntil: bangkokDay(true), maxUses: optionalCount }),
  async (i, ctx) => {
    await updatePromoCode(ctx.db, ctx.staff, i);
    revalidatePath('/admin/promo-codes');
    return null;
  },
);
