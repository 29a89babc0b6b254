'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { adminAction } from '@/lib/admin/guard';
import { activateLegalVersion, createLegalVersion } from '@/lib/content/content';

export const createLegalAction = adminAction('legal',
  z.object({
    type: z.enum(['rental_agreement', 'terms_conditions', 'privacy_policy']),
    locale: z.enum(['en', 'th', 'ru']),
    title: z.string().trim().min(1).max(200),
    content: z.string().trim().min(1).max(200_000),
    supportsVariables: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
  }),
  async (i, ctx) => {
    const id = await createLegalVersion(ctx.db, ctx.staff, i);
    revalidatePath('/admin/legal');
    redirect(`/admin/legal/${id}`);
  },
);

export const activateLegalAction = adminAction('legal',
  z.object({ id: z.string().min(1).max(40) }),
  async (i, ctx) => {
    await activateLegalVersion(ctx.db, ctx.staff, i.id);
    revalidatePath('/admin/legal');
    revalidatePath(`/admin/legal/${i.id}`);
    return null;
  },
);
