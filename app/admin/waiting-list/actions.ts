'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { notifyWaitingForType, removeWaitingEntry } from '@/lib/catalog/commands';

export const notifyWaitingAction = adminAction('waitingList',
  z.object({ unitTypeId: z.string().min(1).max(40) }),
  async (i, ctx) => {
    const r = await notifyWaitingForType(ctx.db, ctx.staff, i.unitTypeId);
    revalidatePath('/admin/waiting-list');
    return r;
  },
);

export const removeWaitingAction = adminAction('waitingList',
  z.object({ id: z.string().min(1).max(40) }),
  async (i, ctx) => {
    await removeWaitingEntry(ctx.db, ctx.staff, i.id);
    revalidatePath('/admin/waiting-list');
    return null;
  },
);
