/**
 * Keeps the wizard draft in sessionStorage so a reload (or an error) loses nothing the customer typed. Reading it back
 * validates it (stored-wizard-state.ts), with a schema loaded only when there is something to read.
 */
import { emptyDraft } from '@/lib/booking/empty-draft';
import type { BookingDraft } from '@/lib/booking/draft';
import type { StoredWizardState } from './stored-wizard-state';

export type { AppliedPromo, StoredWizardState } from './stored-wizard-state';

export const DRAFT_STORAGE_KEY = 'booking-v2:draft';

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

/**
 * The stored draft, or null when there is none or it is not valid. Rejects when its check could not be loaded (the
 * connection dropped twice): the draft is still there, and the wizard must not save over it (booking-wizard.tsx).
 */
export async function loadWizardState(store: StorageLike | null = sessionStore()): Promise<StoredWizardState | null> {
  if (!store) return null;
  let raw: string | null;
  try {
    raw = store.getItem(DRAFT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  const check = await import('./stored-wizard-state').catch(() => import('./stored-wizard-state'));
  return check.parseWizardState(raw);
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
