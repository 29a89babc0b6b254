'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { scheduleRentChanges } from '@/lib/billing/rent-changes';

/** Staff confirm the affected tenants they were shown: each is emailed the new rate and the date it applies. */
export const scheduleRentChangesAction = adminAction('unitTypes',
  z.object({ code: z.string().trim().regex(/^[a-z0-9_-]{1,20}$/), listRate: z.coerce.number().int().positive().max(1_000_000_000) }),
  async (i, ctx) => {
    try {
      // The notices are queued with the changes; the task worker sends them as soon as that commits (lib/platform/tasks/wake.ts).
      const r = await scheduleRentChanges(ctx.db, ctx.staff, i.code, i.listRate);
      return { scheduled: r.scheduled };
    } finally {
      revalidatePath(`/admin/unit-types/${i.code}`);
    }
  },
);
