'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { action } from '@/lib/actions/action';
import { db } from '@/lib/db';
import { reviewOverride, saveOverride } from '@/lib/admin/content';
import { asActionFailure } from '../_components/failures';

export const saveOverrideAction = action(
  z.object({ locale: z.enum(['en', 'th', 'ru']), key: z.string().trim().min(3).max(200).regex(/^[\w.-]+$/), value: z.string().trim().min(1).max(5000) }),
  async (i, ctx) => {
    await saveOverride(db, ctx.staff!, i).catch((e) => asActionFailure(ctx.locale, e));
    revalidatePath('/admin/translations');
    return null;
  },
  { role: 'admin' },
);

export const reviewOverrideAction = action(
  z.object({ id: z.string().min(1).max(40), op: z.enum(['approve', 'withdraw', 'delete']) }),
  async (i, ctx) => {
    await reviewOverride(db, ctx.staff!, i).catch((e) => asActionFailure(ctx.locale, e));
    revalidatePath('/admin/translations');
    return null;
  },
  { role: 'admin' },
);
