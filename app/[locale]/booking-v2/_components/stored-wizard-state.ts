/**
 * What sessionStorage gives back, re-validated with draftSchema: storage is user-editable and may hold an older shape.
 * Its own module, loaded only when a stored draft is there to read (client-storage.ts): the schemas cost a phone's
 * main thread 30 ms on the wizard's first page (docs/performance.md).
 */
import '@/lib/validation/zod-csp';
import * as z from 'zod/mini';
import { draftSchema } from '@/lib/booking/draft';
import type { AppliedPromo, StoredWizardState } from './client-storage';

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
