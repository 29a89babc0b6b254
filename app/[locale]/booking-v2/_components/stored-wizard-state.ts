/**
 * What sessionStorage gives back, re-validated with draftSchema: storage is user-editable and may hold an older shape.
 * Its own module, loaded only when a stored draft is there to read (client-storage.ts): on a first visit the wizard's
 * page runs without zod, which took 131 ms of its script time at Lighthouse's 4× slowdown
 * (bench/2026-11-30-wizard-first-script.md).
 */
import '@/lib/validation/zod-csp';
import * as z from 'zod/mini';
import { draftSchema, type BookingDraft, type PromoCheckResult } from '@/lib/booking/draft';

/** The valid promo of step 6, kept next to the draft so the running total survives a reload without a server call. */
export type AppliedPromo = Extract<PromoCheckResult, { status: 'valid' }>;

export interface StoredWizardState {
  draft: BookingDraft;
  promo: AppliedPromo | null;
}

const appliedPromoSchema = z.object({
  status: z.literal('valid'),
  code: z.string().check(z.maxLength(40)),
  description: z.string().check(z.maxLength(500)),
  discountType: z.enum(['percentage', 'fixed']),
  discountValue: z.number().check(z.positive()),
});

const storedSchema = z.object({
  draft: draftSchema,
  promo: z._default(z.nullable(appliedPromoSchema), null),
});

/** The stored draft and promo, or null for anything that is not a valid one. */
export function parseWizardState(raw: string): StoredWizardState | null {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    // A promo only counts for the code the draft carries.
    const promo: AppliedPromo | null = parsed.data.promo && parsed.data.promo.code === parsed.data.draft.promoCode ? parsed.data.promo : null;
    return { draft: parsed.data.draft, promo };
  } catch {
    return null;
  }
}
