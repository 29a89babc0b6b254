'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { reviewOverride, saveOverride } from '@/lib/content/content';

export const saveOverrideAction = adminAction('translations',
  z.object({ locale: z.enum(['en', 'th', 'ru']), key: z.string().trim().min(3).max(200).regex(/^[\w.-]+$/), value: z.string().trim().min(1).max(5000) }),
  async (i, ctx) => {
    await saveOverride(ctx.db, ctx.staff, i);
    revalidatePath('/admin/translations');
    return null;
  },
);

export const reviewOverrideAction = adminAction('translations',
  z.object({ id: z.string().min(1).max(40), op: z.enum(['approve', 'withdraw', 'delete']) }),
  async (i, ctx) => {
    await reviewOverride(ctx.db, ctx.staff, i);
    revalidatePath('/admin/translations');
    return null;
  },
);
