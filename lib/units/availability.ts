/** Listing rules shared by the home page and the wizard (docs/product-rules.md#public-site). */
import { pickLocalized } from '@/lib/i18n/localized';

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

const CATEGORY_ORDER = { indoor: 0, outdoor: 1, stack: 2 } as const;

/**
 * Home listing: available before sold out, then by starting price. Equal prices keep the wizard's order (category,
 * then size) so the page never reshuffles between requests.
 */
export function sortForListing<T extends SortableUnitType>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      Number(a.availableCount <= 0) - Number(b.availableCount <= 0) ||
      a.monthlyRate - b.monthlyRate ||
      CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] ||
      a.sizeRank - b.sizeRank,
  );
}

/** Wizard step 1: indoor before outdoor, then by size, then by starting price. */
export function sortForWizard<T extends SortableUnitType>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] || a.sizeRank - b.sizeRank || a.monthlyRate - b.monthlyRate,
  );
}

export interface PromotionWindow {
  promotionActive: boolean;
  promotionStartsAt: Date | null;
  promotionEndsAt: Date | null;
}

/** An admin's promotion runs while it is switched on and `now` is inside its optional window (end exclusive). */
export function promotionRunning(t: PromotionWindow, now: Date = new Date()): boolean {
  return t.promotionActive && (!t.promotionStartsAt || t.promotionStartsAt <= now) && (!t.promotionEndsAt || t.promotionEndsAt > now);
}

/** The rate customers pay per month: an admin's promotional price while its promotion runs, else the list rate. */
export function effectiveMonthlyRate(
  t: PromotionWindow & { baseRate: number; promoRate: number | null },
  now: Date = new Date(),
): number {
  return promotionRunning(t, now) && t.promoRate != null ? t.promoRate : t.baseRate;
}

/**
 * The promotional banner in `locale` (English fills a gap) while the promotion runs and the text is non-empty
 * (docs/product-rules.md#public-site), else null. The same window as the promotional price, so a banner never advertises an ended offer.
 */
export function promotionBanner(t: PromotionWindow & { promotionalBanner: unknown }, locale: string, now: Date = new Date()): string | null {
  if (!promotionRunning(t, now)) return null;
  return pickLocalized<string>(t.promotionalBanner, locale)?.trim() || null;
}
