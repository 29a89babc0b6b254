'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { action } from '@/lib/actions/action';
import { db } from '@/lib/db';
import { notifyWaitingForType, removeWaitingEntry } from '@/lib/admin/catalog';
import { asActionFailure } from '../_components/failures';

export const notifyWaitingAction = action(
  z.object({ unitTypeId: z.string().min(1).max(40) }),
  async (i, ctx) => {
    const r = await notifyWaitingForType(db, ctx.staff!, i.unitTypeId).catch((e) => asActionFailure(ctx.locale, e));
    revalidatePath('/admin/waiting-list');
    return r;
  },
  { role: 'staff' },
);

export const removeWaitingAction = action(
  z.object({ id: z.string().min(1).max(40) }),
  async (i, ctx) => {
    await removeWaitingEntry(db, ctx.staff!, i.id).catch((e) => asActionFailure(ctx.locale, e));
    revalidatePath('/admin/waiting-list');
    return null;
  },
  { role: 'staff' },
);
