'use server';

import { z } from 'zod';
import { redirect } from 'next/navigation';
import { revalidatePath } from 'next/cache';
import { after } from 'next/server';
import { adminAction } from '@/lib/admin/guard';
import { deliverQueued } from '@/lib/jobs/email-outbox';
import { log } from '@/lib/log';
import { applyRateSuggestion } from '@/lib/catalog/apply-rate-suggestion';

/** An admin applies a dashboard rate suggestion; the unit type's page then shows who was told what and from when. */
export const applyRateSuggestionAction = adminAction('unitTypes',
  z.object({ code: z.string().trim().regex(/^[a-z0-9_-]{1,20}$/), kind: z.enum(['raise', 'promotion']), rate: z.coerce.number().int().positive().max(1_000_000_000) }),
  async (i, ctx) => {
    const { changeIds } = await applyRateSuggestion(ctx.db, ctx.staff, i.code, { kind: i.kind, rate: i.rate });
    // The notices were written to the outbox with the changes; sending them now spares the wait for the email job.
    const send = async () => {
      for (const id of changeIds) await deliverQueued(ctx.db, `rent_change:${id}`).catch((err) => log.error({ err, changeId: id }, 'rent change: notice email failed'));
    };
    try {
      after(send);
    } catch {
      void send();
    }
    revalidatePath('/admin');
    revalidatePath(`/admin/unit-types/${i.code}`);
    redirect(`/admin/unit-types/${i.code}`);
  },
);
