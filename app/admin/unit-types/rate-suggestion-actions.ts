'use server';

import { z } from 'zod';
import { redirect } from 'next/navigation';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { applyRateSuggestion } from '@/lib/catalog/apply-rate-suggestion';

/** An admin applies a dashboard rate suggestion; the unit type's page then shows who was told what and from when. */
export const applyRateSuggestionAction = adminAction('unitTypes',
  z.object({ code: z.string().trim().regex(/^[a-z0-9_-]{1,20}$/), kind: z.enum(['raise', 'promotion']), rate: z.coerce.number().int().positive().max(1_000_000_000) }),
  async (i, ctx) => {
    // The notices are queued with the changes; the task worker sends them as soon as that commits (lib/platform/tasks/wake.ts).
    await applyRateSuggestion(ctx.db, ctx.staff, i.code, { kind: i.kind, rate: i.rate });
    revalidatePath('/admin');
    revalidatePath(`/admin/unit-types/${i.code}`);
    redirect(`/admin/unit-types/${i.code}`);
  },
);
