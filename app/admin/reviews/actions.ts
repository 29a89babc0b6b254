'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { updateReview } from '@/lib/catalog/commands';

const checkbox = z.preprocess((v) => v === 'on' || v === 'true', z.boolean());

export const updateReviewAction = adminAction('reviews',
  z.object({ id: z.string().min(1).max(40), isActive: checkbox, showOnLanding: checkbox, displayOrder: z.coerce.number().int().min(0).max(1000) }),
  async (i, ctx) => {
    await updateReview(ctx.db, ctx.staff, i);
    revalidatePath('/admin/reviews');
    return null;
  },
);
