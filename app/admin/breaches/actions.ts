'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { adminAction } from '@/lib/admin/guard';
import { ActionFailure } from '@/lib/actions/action';
import { translator } from '@/lib/i18n/translator';
import { addBreachStep, BREACH_MARKS, markBreach, recordBreach } from '@/lib/privacy/breaches';

/** A Bangkok wall-clock time from <input type="datetime-local">. */
const bangkokDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
  .transform((v) => new Date(`${v}:00+07:00`));
const text = (max: number) => z.string().trim().min(1).max(max);
const id = z.string().min(1).max(40);

/** Records a suspected breach (docs/product-rules.md#personal-data-pdpa); the 72 hours run from its discovery. */
export const recordBreachAction = adminAction('breaches',
  z.object({ discoveredAt: bangkokDateTime, description: text(4000), dataAffected: text(2000), peopleAffected: text(2000) }),
  async (i, ctx) => {
    // A discovery in the future is a typing mistake that would stretch the clock; a few minutes' skew is allowed.
    if (i.discoveredAt.getTime() > Date.now() + 10 * 60_000) throw new ActionFailure('validation', translator(ctx.locale, 'admin.breaches')('future'));
    const breach = await recordBreach(ctx.db, i, ctx.staff);
    revalidatePath('/admin/breaches');
    redirect(`/admin/breaches/${breach.id}`);
  },
);

export const addBreachStepAction = adminAction('breaches', z.object({ id, text: text(4000) }), async (i, ctx) => {
  await addBreachStep(ctx.db, i.id, i.text, ctx.staff);
  revalidatePath(`/admin/breaches/${i.id}`);
  return null;
});

export const markBreachAction = adminAction('breaches',
  z.object({ id, mark: z.enum(BREACH_MARKS), note: z.string().trim().max(2000).optional() }),
  async (i, ctx) => {
    await markBreach(ctx.db, i.id, i.mark, i.note || null, ctx.staff);
    revalidatePath(`/admin/breaches/${i.id}`);
    revalidatePath('/admin/breaches');
    return null;
  },
);
