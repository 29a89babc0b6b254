'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { carryOutErasure, completePrivacyRequest, createPrivacyRequest, PRIVACY_REQUEST_KINDS } from '@/lib/privacy/subject';

const email = z.string().trim().toLowerCase().email().max(254);

/** Records a request a customer made by email, phone or at the counter (docs/product-rules.md#personal-data-pdpa). */
export const recordRequestAction = adminAction('privacy', z.object({ email, kind: z.enum(PRIVACY_REQUEST_KINDS) }), async (i, ctx) => {
  await createPrivacyRequest(ctx.db, { email: i.email, kind: i.kind, source: 'staff' });
  revalidatePath('/admin/privacy');
  return null;
});

/** Erases the person of an erasure request (tax records kept) and completes the request with the outcome. */
export const eraseAction = adminAction('privacy', z.object({ id: z.string().min(1).max(40) }), async (i, ctx) => {
  await carryOutErasure(ctx.db, i.id, ctx.staff);
  revalidatePath('/admin/privacy');
  return null;
});

/** Completes a request with what was done (the export sent, the correction made). */
export const completeAction = adminAction('privacy', z.object({ id: z.string().min(1).max(40), outcome: z.string().trim().min(1).max(2000) }), async (i, ctx) => {
  await completePrivacyRequest(ctx.db, i.id, i.outcome, ctx.staff);
  revalidatePath('/admin/privacy');
  return null;
});
