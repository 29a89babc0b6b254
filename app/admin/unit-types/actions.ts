'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { bahtToSatang } from '@/lib/pricing';
import { addUnitTypeImage, MAX_IMAGE_BYTES, updateUnitType, updateUnitTypeImage } from '@/lib/catalog/unit-types';

const code = z.string().trim().regex(/^[a-z0-9_-]{1,20}$/);
const baht = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/)
  .transform((v) => bahtToSatang(Number(v)))
  .refine((v) => v > 0);
const optionalBaht = z.preprocess((v) => (v === '' || v == null ? undefined : v), baht.optional());
const text = (max: number) => z.string().trim().max(max).default('');
/** A Bangkok date-time from <input type="datetime-local">, or none. */
const bangkokDateTime = z.preprocess(
  (v) => (v === '' || v == null ? null : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/).transform((v) => new Date(`${v}:00+07:00`)).nullable(),
);
const lines = (max: number) => text(max).transform((v) => v.split('\n').map((l) => l.trim()).filter(Boolean));

const unitTypeSchema = z
  .object({
    code,
    baseRate: baht,
    promoRate: optionalBaht,
    promotionActive: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
    promotionStartsAt: bangkokDateTime,
    promotionEndsAt: bangkokDateTime,
    pricingMode: z.enum(['normal', 'first_month_off']),
    nameEn: z.string().trim().min(1).max(80),
    nameTh: text(80),
    nameRu: text(80),
    descriptionEn: text(2000),
    descriptionTh: text(2000),
    descriptionRu: text(2000),
    featuresEn: lines(2000),
    featuresTh: lines(2000),
    featuresRu: lines(2000),
    bannerEn: text(120),
    bannerTh: text(120),
    bannerRu: text(120),
    dimensions: text(80),
    displayOrder: z.coerce.number().int().min(0).max(1000),
    isActive: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
  })
  .refine((v) => !v.promotionActive || v.promoRate !== undefined || v.bannerEn, { path: ['promoRate'], message: 'promotion needs a price or a banner' })
  .refine((v) => !v.promotionStartsAt || !v.promotionEndsAt || v.promotionStartsAt < v.promotionEndsAt, { path: ['promotionEndsAt'], message: 'ends before it starts' });

export const saveUnitType = adminAction('unitTypes',
  unitTypeSchema,
  async (i, ctx) => {
    await updateUnitType(ctx.db, ctx.staff, i.code, {
      baseRate: i.baseRate,
      promoRate: i.promoRate ?? null,
      promotionActive: i.promotionActive,
      promotionStartsAt: i.promotionStartsAt,
      promotionEndsAt: i.promotionEndsAt,
      promotionalBanner: { en: i.bannerEn, th: i.bannerTh, ru: i.bannerRu },
      pricingMode: i.pricingMode,
      name: { en: i.nameEn, th: i.nameTh || i.nameEn, ru: i.nameRu || i.nameEn },
      description: { en: i.descriptionEn, th: i.descriptionTh, ru: i.descriptionRu },
      features: { en: i.featuresEn, th: i.featuresTh, ru: i.featuresRu },
      dimensions: i.dimensions,
      displayOrder: i.displayOrder,
      isActive: i.isActive,
    });
    revalidatePath('/admin/unit-types');
    return null;
  },
);

export const uploadUnitTypeImage = adminAction('unitTypes',
  z.object({ code, alt: text(200), file: z.instanceof(File).refine((f) => f.size > 0 && f.size <= MAX_IMAGE_BYTES) }),
  async (i, ctx) => {
    await addUnitTypeImage(ctx.db, ctx.staff, i.code, new Uint8Array(await i.file.arrayBuffer()), i.alt);
    revalidatePath(`/admin/unit-types/${i.code}`);
    return null;
  },
);

export const changeUnitTypeImage = adminAction('unitTypes',
  z.object({ code, imageId: z.string().min(1).max(40), op: z.enum(['main', 'remove']) }),
  async (i, ctx) => {
    await updateUnitTypeImage(ctx.db, ctx.staff, i.imageId, i.op);
    revalidatePath(`/admin/unit-types/${i.code}`);
    return null;
  },
);
