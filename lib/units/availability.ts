/** Listing rules shared by the home page and the wizard (spec public-site §4, booking-flow §2 step 1). */

export type AvailabilityRibbon = 'sold_out' | 'almost_sold_out' | 'limited' | null;

export function availabilityRibbon(available: number): AvailabilityRibbon {
  if (available <= 0) return 'sold_out';
  if (available <= 2) return 'almost_sold_out';
  if (available <= 5) return 'limited';
  return null;
}

export type BannerTone = 'blue' | 'red' | 'orange' | 'green';

/** Colour of a promotional banner, chosen from its English wording. */
export function bannerTone(text: string): BannerTone {
  const t = text.toLowerCase();
  if (t.includes('popular')) return 'blue';
  if (t.includes('hurry')) return 'red';
  if (t.includes('sale')) return 'orange';
  return 'green';
}

export interface SortableUnitType {
  category: 'indoor' | 'outdoor' | 'stack';
  sizeRank: number;
  monthlyRate: number;
  availableCount: number;
}

/** Home listing: available before sold out, then by starting price. */
export function sortForListing<T extends SortableUnitType>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => Number(a.availableCount <= 0) - Number(b.availableCount <= 0) || a.monthlyRate - b.monthlyRate,
  );
}

const CATEGORY_ORDER = { indoor: 0, outdoor: 1, stack: 2 } as const;

/** Wizard step 1: indoor before outdoor, then by size, then by starting price. */
export function sortForWizard<T extends SortableUnitType>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] || a.sizeRank - b.sizeRank || a.monthlyRate - b.monthlyRate,
  );
}

/** The rate customers pay per month: an admin's promotional price while its promotion runs, else the list rate. */
export function effectiveMonthlyRate(
  t: { baseRate: number; promoRate: number | null; promotionActive: boolean; promotionStartsAt: Date | null; promotionEndsAt: Date | null },
  now: Date = new Date(),
): number {
  const running =
    t.promotionActive &&
    t.promoRate != null &&
    (!t.promotionStartsAt || t.promotionStartsAt <= now) &&
    (!t.promotionEndsAt || t.promotionEndsAt > now);
  return running ? t.promoRate! : t.baseRate;
}
