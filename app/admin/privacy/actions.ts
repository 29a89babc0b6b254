'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { adminAction } from '@/lib/admin/guard';
import { carryOutCorrection, carryOutErasure, completePrivacyRequest, createPrivacyRequest, PRIVACY_REQUEST_KINDS } from '@/lib/privacy/subject';

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

const field = (max: number) => z.string().max(max).optional();

/**
 * Carries out a correction request (docs/product-rules.md#personal-data-pdpa): the fields as staff corrected them on
 * every live customer record of the request's email, the request completed with the outcome stated for the customer.
 */
export const correctAction = adminAction(
  'privacy',
  z.object({
    id: z.string().min(1).max(40),
    outcome: z.string().trim().min(1).max(2000),
    firstName: field(100),
    lastName: field(100),
    phone: field(40),
    whatsapp: field(40),
    address: field(500),
    companyName: field(200),
    taxId: field(20),
  }),
  async ({ id, outcome, ...correction }, ctx) => {
    await carryOutCorrection(ctx.db, id, correction, outcome, ctx.staff);
    revalidatePath('/admin/privacy');
    return null;
  },
);
