'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { after } from 'next/server';
import { adminAction } from '@/lib/admin/guard';
import { deliverQueued } from '@/lib/jobs/email-outbox';
import { log } from '@/lib/log';
import { scheduleRentChanges } from '@/lib/billing/rent-changes';

/** Next's `after` inside a request; outside one (a test calling the action) the task simply runs. */
function afterAnswer(task: () => Promise<unknown>): void {
  try {
    after(task);
  } catch {
    void task();
  }
}

/** Staff confirm the affected tenants they were shown: each is emailed the new rate and the date it applies. */
export const scheduleRentChangesAction = adminAction('unitTypes',
  z.object({ code: z.string().trim().regex(/^[a-z0-9_-]{1,20}$/), listRate: z.coerce.number().int().positive().max(1_000_000_000) }),
  async (i, ctx) => {
    try {
      const r = await scheduleRentChanges(ctx.db, ctx.staff, i.code, i.listRate);
      // The notices were written to the outbox with the changes; sending them now spares the wait for the email job.
      afterAnswer(async () => {
        for (const id of r.changeIds) await deliverQueued(ctx.db, `rent_change:${id}`).catch((err) => log.error({ err, changeId: id }, 'rent change: notice email failed'));
      });
      return { scheduled: r.scheduled };
    } finally {
      revalidatePath(`/admin/unit-types/${i.code}`);
    }
  },
);
