/**
 * Rate suggestions per unit type (docs/product-rules.md#dashboard-trends-and-rate-suggestions). Pure: the dashboard
 * gathers the figures, this decides. Thresholds are exported so the docs and tests name the same numbers.
 */

/** Occupancy (occupied + reserved of all units, %) at or above which a type counts as full. */
export const FULL_OCCUPANCY_PCT = 90;
/** Confirmed waiting-list entries at or above which a full type has real unmet demand. */
export const STRONG_WAITING = 3;
/** Occupancy below which a type has too many empty units. */
export const LOW_OCCUPANCY_PCT = 60;
/** Wizard starts → bookings (%, last 90 days) below which visitors are leaving at the price. */
export const LOW_CONVERSION_PCT = 5;
/** Wizard starts needed before the conversion counts at all (fewer says nothing). */
export const MIN_STARTS = 50;
/** Occupancy below which a low conversion suggests a promotion. */
export const CONVERSION_PROMO_BELOW_PCT = 80;

export const RAISE_STRONG = 0.1;
export const RAISE_MILD = 0.05;
export const PROMO_EMPTY = 0.15;
export const PROMO_CONVERSION = 0.1;

export interface SuggestionInput {
  /** satang per month */
  baseRate: number;
  totalUnits: number;
  /** occupied + reserved units */
  takenUnits: number;
  /** confirmed waiting-list entries */
  waiting: number;
  /** wizard starts and bookings of the last 90 days (the whole site: starts are not per type) */
  starts: number;
  bookings: number;
}

export type SuggestionReason = 'full_with_waiting' | 'nearly_full' | 'empty_units' | 'low_conversion';

export type RateSuggestion =
  | { kind: 'raise'; newRate: number; reason: SuggestionReason; occupancyPct: number }
  | { kind: 'promotion'; promoRate: number; reason: SuggestionReason; occupancyPct: number }
  | { kind: 'keep'; occupancyPct: number };

/** Prices end on a round 10 baht (1,000 satang). */
const round10Baht = (satang: number) => Math.round(satang / 1000) * 1000;

export function occupancyPct(taken: number, total: number): number {
  return total > 0 ? Math.round((taken / total) * 100) : 0;
}

export function suggestRate(i: SuggestionInput): RateSuggestion {
  const occ = occupancyPct(i.takenUnits, i.totalUnits);
  if (i.totalUnits === 0) return { kind: 'keep', occupancyPct: occ };
  if (occ >= FULL_OCCUPANCY_PCT) {
    const strong = i.waiting >= STRONG_WAITING;
    return { kind: 'raise', newRate: round10Baht(i.baseRate * (1 + (strong ? RAISE_STRONG : RAISE_MILD))), reason: strong ? 'full_with_waiting' : 'nearly_full', occupancyPct: occ };
  }
  if (occ < LOW_OCCUPANCY_PCT && i.waiting === 0) {
    return { kind: 'promotion', promoRate: round10Baht(i.baseRate * (1 - PROMO_EMPTY)), reason: 'empty_units', occupancyPct: occ };
  }
  const conversion = i.starts >= MIN_STARTS ? (i.bookings / i.starts) * 100 : null;
  if (conversion !== null && conversion < LOW_CONVERSION_PCT && occ < CONVERSION_PROMO_BELOW_PCT) {
    return { kind: 'promotion', promoRate: round10Baht(i.baseRate * (1 - PROMO_CONVERSION)), reason: 'low_conversion', occupancyPct: occ };
  }
  return { kind: 'keep', occupancyPct: occ };
}
