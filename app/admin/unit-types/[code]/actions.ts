'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { action, ActionFailure } from '@/lib/actions/action';
import { db } from '@/lib/db';
import { translator } from '@/lib/i18n/translator';
import { RentChangeError, scheduleRentChanges } from '@/lib/billing/rent-changes';

/** Staff confirm the affected tenants they were shown: each is emailed the new rate and the date it applies. */
export const scheduleRentChangesAction = action(
  z.object({ code: z.string().trim().regex(/^[a-z0-9_-]{1,20}$/), listRate: z.coerce.number().int().positive().max(1_000_000_000) }),
  async (i, ctx) => {
    try {
      const r = await scheduleRentChanges(db, ctx.staff!, i.code, i.listRate);
      return { scheduled: r.scheduled };
    } catch (error) {
      if (error instanceof RentChangeError) throw new ActionFailure(error.code, translator(ctx.locale, 'rentTerms.admin')(`errors.${error.code}`));
      throw error;
    } finally {
      revalidatePath(`/admin/unit-types/${i.code}`);
    }
  },
  { role: 'admin' },
);
