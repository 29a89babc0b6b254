import 'server-only';
import type { Db } from '@/lib/db';
import type { StaffUser } from '@/lib/auth/staff';
import { RentChangeError, scheduleRentChanges } from '@/lib/billing/rent-changes';
import { updateUnitType } from './unit-types';
import { suggestionInputs } from './demand';
import { suggestRate } from './rate-suggestions';
import { CatalogFailure } from './failure';

/** How long an applied promotion runs before the list price shows again (docs/product-rules.md#dashboard-trends-and-rate-suggestions). */
export const PROMOTION_DAYS = 30;

/**
 * One step from a suggestion: a new list price is saved and announced to existing tenants through the rent-change
 * rule (30 days' notice for an increase); a promotion is a promo price for new bookings only. The suggestion is made
 * again here from today's figures: one that no longer stands (the page was stale) is refused.
 */
export async function applyRateSuggestion(db: Db, actor: Pick<StaffUser, 'id' | 'email'>, code: string, seen: { kind: 'raise' | 'promotion'; rate: number }, now = new Date()) {
  const type = (await suggestionInputs(db, now)).find((t) => t.code === code);
  const s = type ? suggestRate(type.input) : null;
  if (!s || s.kind !== seen.kind || (s.kind === 'raise' ? s.newRate : s.promoRate) !== seen.rate) throw new CatalogFailure('rates', 'suggestion_changed');
  if (s.kind === 'promotion') {
    await updateUnitType(db, actor, code, { promoRate: s.promoRate, promotionActive: true, promotionStartsAt: now, promotionEndsAt: new Date(now.getTime() + PROMOTION_DAYS * 86_400_000) });
    return { kind: s.kind, scheduled: 0, changeIds: [] as string[] };
  }
  await updateUnitType(db, actor, code, { baseRate: s.newRate });
  try {
    const r = await scheduleRentChanges(db, actor, code, s.newRate, now);
    return { kind: s.kind, scheduled: r.scheduled, changeIds: r.changeIds };
  } catch (error) {
    // No tenant to tell (none yet, or all on another rate already): the new list price applies to new bookings.
    if (error instanceof RentChangeError && error.code === 'nothing_to_change') return { kind: s.kind, scheduled: 0, changeIds: [] as string[] };
    throw error;
  }
}
