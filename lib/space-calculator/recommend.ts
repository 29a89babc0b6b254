import type { CalculatorItem } from './items';

/** Extra room for walkways and the gaps between irregular things: people never pack a unit solid. */
export const PACKING_FACTOR = 1.25;
export const MAX_RECOMMENDATIONS = 3;

export interface CalculatorUnit {
  code: string;
  name: string;
  category: 'indoor' | 'outdoor' | 'stack';
  dimensions: string;
  volumeCbm: number | null;
  monthlyRate: number; // satang
  availableCount: number;
}

/** How many of each item, by item id (CALCULATOR_ITEMS' ids). */
export type Quantities = Partial<Record<string, number>>;

export interface Estimate {
  itemCount: number;
  itemsVolume: number; // m³
  neededVolume: number; // m³
  driveUpOnly: boolean;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The volume of what the visitor listed, among `items` (CALCULATOR_ITEMS, or the page's copy of it: the calculator's
 * browser code receives the list as data rather than shipping it in its script).
 */
export function estimate(items: readonly CalculatorItem[], quantities: Quantities): Estimate {
  let itemCount = 0;
  let volume = 0;
  let driveUpOnly = false;
  for (const item of items) {
    const qty = quantities[item.id] ?? 0;
    if (qty <= 0) continue;
    itemCount += qty;
    volume += qty * item.volume;
    if (item.driveUpOnly) driveUpOnly = true;
  }
  return { itemCount, itemsVolume: round1(volume), neededVolume: round1(volume * PACKING_FACTOR), driveUpOnly };
}

export interface Recommendation<U extends CalculatorUnit> {
  units: U[];
  /** code of the smallest fitting unit type that can be booked now */
  bestFit: string | null;
  /** nothing we have is big enough */
  tooBig: boolean;
}

/**
 * The smallest unit types that hold the estimate, smallest first (cheaper first at equal size). Sold-out types stay
 * in the list, marked by the caller, but are never the best fit.
 */
export function recommendUnits<U extends CalculatorUnit>(units: readonly U[], est: Estimate): Recommendation<U> {
  if (est.itemCount === 0) return { units: [], bestFit: null, tooBig: false };
  const candidates = units.filter(
    (u) => u.volumeCbm != null && u.monthlyRate > 0 && (!est.driveUpOnly || u.category === 'outdoor'),
  );
  const fitting = candidates
    .filter((u) => (u.volumeCbm ?? 0) >= est.neededVolume)
    .sort((a, b) => (a.volumeCbm ?? 0) - (b.volumeCbm ?? 0) || a.monthlyRate - b.monthlyRate);
  const shown = fitting.slice(0, MAX_RECOMMENDATIONS);
  const best = shown.find((u) => u.availableCount > 0) ?? fitting.find((u) => u.availableCount > 0);
  if (best && !shown.includes(best)) shown.push(best);
  return { units: shown, bestFit: best?.code ?? null, tooBig: fitting.length === 0 };
}
