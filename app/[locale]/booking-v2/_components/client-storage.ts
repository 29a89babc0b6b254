/**
 * Keeps the wizard draft in sessionStorage so a reload (or an error) loses nothing the customer typed.
 * What comes back is re-validated with draftSchema: storage is user-editable and may hold an older shape.
 */
import '@/lib/validation/zod-csp';
import * as z from 'zod/mini';
import { draftSchema, emptyDraft, type BookingDraft, type PromoCheckResult } from '@/lib/booking/draft';

export const DRAFT_STORAGE_KEY = 'booking-v2:draft';

/** The valid promo of step 6, kept next to the draft so the running total survives a reload without a server call. */
export type AppliedPromo = Extract<PromoCheckResult, { status: 'valid' }>;

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

export interface StoredWizardState {
  draft: BookingDraft;
  promo: AppliedPromo | null;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): StorageLike | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    // Storage can throw when disabled (privacy modes); the wizard then simply works without persistence.
    return null;
  }
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Very old browsers: still unique enough per draft, the server only uses it to de-duplicate submits.
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function createDraft(): BookingDraft {
  return emptyDraft(newIdempotencyKey());
}

export function loadWizardState(store: StorageLike | null = sessionStore()): StoredWizardState | null {
  if (!store) return null;
  let raw: string | null;
  try {
    raw = store.getItem(DRAFT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    // A promo only counts for the code the draft carries.
    const promo = parsed.data.promo && parsed.data.promo.code === parsed.data.draft.promoCode ? parsed.data.promo : null;
    return { draft: parsed.data.draft, promo };
  } catch {
    return null;
  }
}

export function saveWizardState(state: StoredWizardState, store: StorageLike | null = sessionStore()): void {
  if (!store) return;
  try {
    store.setItem(DRAFT_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Quota or privacy mode: persistence is a convenience, never a reason to break the wizard.
  }
}

export function clearWizardState(store: StorageLike | null = sessionStore()): void {
  try {
    store?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    /* see saveWizardState */
  }
}
