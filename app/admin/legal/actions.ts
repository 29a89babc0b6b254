'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { action } from '@/lib/actions/action';
import { db } from '@/lib/db';
import { activateLegalVersion, createLegalVersion } from '@/lib/admin/content';
import { asActionFailure } from '../_components/failures';

export const createLegalAction = action(
  z.object({
    type: z.enum(['rental_agreement', 'terms_conditions', 'privacy_policy']),
    locale: z.enum(['en', 'th', 'ru']),
    title: z.string().trim().min(1).max(200),
    content: z.string().trim().min(1).max(200_000),
    supportsVariables: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
  }),
  async (i, ctx) => {
    const id = await createLegalVersion(db, ctx.staff!, i);
    revalidatePath('/admin/legal');
    redirect(`/admin/legal/${id}`);
  },
  { role: 'admin' },
);

export const activateLegalAction = action(
  z.object({ id: z.string().min(1).max(40) }),
  async (i, ctx) => {
    await activateLegalVersion(db, ctx.staff!, i.id).catch((e) => asActionFailure(ctx.locale, e));
    revalidatePath('/admin/legal');
    revalidatePath(`/admin/legal/${i.id}`);
    return null;
  },
  { role: 'admin' },
);
