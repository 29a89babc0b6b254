// Business constants for pricing (docs/product-rules.md#money-and-pricing-one-routine-server-side).
// All money is integer satang (1 THB = 100 satang).

export type TermCode = 'm2m' | '3m' | '6m' | '12m';

export const TERMS: Record<TermCode, { months: number; discountPct: number }> = {
  m2m: { months: 1, discountPct: 0 },
  '3m': { months: 3, discountPct: 5 },
  '6m': { months: 6, discountPct: 10 },
  '12m': { months: 12, discountPct: 15 },
};

// Literal tuples (not TermCode[]) so z.enum(TERM_CODES) and friends keep the exact codes as their types.
export const TERM_CODES = ['m2m', '3m', '6m', '12m'] as const satisfies readonly TermCode[];

export type PaymentMethod = 'card' | 'promptpay' | 'bank_transfer' | 'crypto' | 'cash';
export const PAYMENT_METHODS = ['card', 'promptpay', 'bank_transfer', 'crypto', 'cash'] as const satisfies readonly PaymentMethod[];

export const CUSTOMER_TYPES = ['individual', 'business'] as const;

export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export type PricingMode = 'normal' | 'first_month_off';

export const VAT_RATE_PCT = 7;
export const SETUP_FEE = 35_000;
export const WHT_RATE_PCT = 5;
export const FIRST_MONTH_OFF_PCT = 30;
/** The largest prepaid discount, which the copy quotes as "save up to". */
export const MAX_TERM_DISCOUNT_PCT = Math.max(...Object.values(TERMS).map((t) => t.discountPct));

/** Monthly insurance prices: none, then 100..1,000 THB in steps of 100. */
export const INSURANCE_LEVELS: readonly number[] = Array.from({ length: 11 }, (_, i) => i * 10_000);

/** Cover in satang: each baht of monthly price buys 1,000 baht of cover. */
export function insuranceCoverSatang(monthlySatang: number): number {
  return monthlySatang * 1000;
}

export type SupplyId =
  | 'lock'
  | 'box_small'
  | 'box_medium'
  | 'box_large'
  | 'bubble_wrap'
  | 'tape'
  | 'tape_dispenser';

export const SUPPLY_CATALOG: Record<SupplyId, { priceSatang: number }> = {
  lock: { priceSatang: 35_000 },
  box_small: { priceSatang: 20_000 },
  box_medium: { priceSatang: 30_000 },
  box_large: { priceSatang: 40_000 },
  bubble_wrap: { priceSatang: 12_500 },
  tape: { priceSatang: 3_000 },
  tape_dispenser: { priceSatang: 13_500 },
};

export const SUPPLY_IDS: readonly SupplyId[] = Object.keys(SUPPLY_CATALOG) as SupplyId[];

export const MAX_SUPPLY_QTY = 99;
