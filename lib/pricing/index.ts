// The one pricing routine (docs/product-rules.md#money-and-pricing-one-routine-server-side). Pure: safe on client and server.
// Money is integer satang; every printed line is rounded half-up to a whole baht and later
// lines are computed from the rounded earlier ones, so the lines always add up to the total.

import {
  FIRST_MONTH_OFF_PCT,
  INSURANCE_LEVELS,
  MAX_SUPPLY_QTY,
  SETUP_FEE,
  TERMS,
  VAT_RATE_PCT,
  WHT_RATE_PCT,
  type CustomerType,
  type PaymentMethod,
  type PricingMode,
  type TermCode,
} from './catalog';

export * from './catalog';

export type Promo = { type: 'percentage'; percent: number } | { type: 'fixed'; amountSatang: number };

export interface QuoteInput {
  /** Satang: the unit type's live list rate, or the active promotional price. */
  monthlyRate: number;
  pricingMode: PricingMode;
  term: TermCode;
  /** Satang per month: 0 or one of INSURANCE_LEVELS. */
  insuranceMonthly: number;
  supplies: { priceSatang: number; quantity: number }[];
  customerType: CustomerType;
  paymentMethod: PaymentMethod;
  promo?: Promo | null;
}

/** All amounts in satang, non-negative; discounts are positive amounts that get subtracted. */
export interface Quote {
  months: number;
  termDiscountPct: number;
  monthlyRate: number;
  rentBeforeDiscounts: number;
  termDiscount: number;
  firstMonthDiscount: number;
  promoDiscount: number;
  rentAfterDiscounts: number;
  insurance: number;
  supplies: number;
  setupFee: number;
  securityDeposit: number;
  withholdingTax: number;
  vatIncluded: number;
  totalDueToday: number;
}

export type PricingErrorCode =
  | 'invalid_rate'
  | 'invalid_term'
  | 'invalid_insurance'
  | 'invalid_quantity'
  | 'invalid_promo';

export class PricingError extends Error {
  readonly code: PricingErrorCode;
  constructor(code: PricingErrorCode, message?: string) {
    super(message ?? code);
    this.name = 'PricingError';
    this.code = code;
  }
}

const isNonNegInt = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/**
 * Round (numerator / denominator) satang half-up to a whole baht, in exact integer arithmetic
 * so e.g. 1,673,000 × 7/107 = 109,448.6 satang becomes 109,400, not a float-drifted value.
 * Only for non-negative amounts.
 */
export function roundHalfUpToBaht(numerator: bigint, denominator: bigint = 1n): number {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('roundHalfUpToBaht: negative input');
  const baht = (2n * numerator + 100n * denominator) / (200n * denominator);
  return Number(baht * 100n);
}

function assertRate(monthlyRate: number): void {
  if (!Number.isSafeInteger(monthlyRate) || monthlyRate <= 0) {
    throw new PricingError('invalid_rate', `monthly rate must be a positive integer of satang, got ${monthlyRate}`);
  }
}

function termOf(term: TermCode): { months: number; discountPct: number } {
  // Object.hasOwn guards against prototype keys arriving from untrusted input.
  if (typeof term !== 'string' || !Object.hasOwn(TERMS, term)) {
    throw new PricingError('invalid_term', `unknown term ${String(term)}`);
  }
  return TERMS[term];
}

/** Promo percent as hundredths of a percent; allows e.g. 12.5% without floats. */
function promoBasisPoints(percent: number): bigint {
  const bp = Math.round(percent * 100);
  if (!Number.isFinite(percent) || percent <= 0 || percent > 100 || Math.abs(bp - percent * 100) > 1e-6) {
    throw new PricingError('invalid_promo', `promo percent must be in (0, 100] with at most 2 decimals, got ${percent}`);
  }
  return BigInt(bp);
}

function computePromo(promo: Promo | null | undefined, base: number): number {
  if (!promo) return 0;
  let amount: number;
  if (promo.type === 'percentage') {
    amount = roundHalfUpToBaht(BigInt(base) * promoBasisPoints(promo.percent), 10_000n);
  } else if (promo.type === 'fixed') {
    if (!Number.isSafeInteger(promo.amountSatang) || promo.amountSatang <= 0) {
      throw new PricingError('invalid_promo', `fixed promo must be a positive integer of satang, got ${promo.amountSatang}`);
    }
    amount = roundHalfUpToBaht(BigInt(promo.amountSatang));
  } else {
    throw new PricingError('invalid_promo', 'unknown promo type');
  }
  // A promo may wipe out the rent but never go below it.
  return Math.min(amount, base);
}

/** Full and discounted price of a term, for the term cards; same rounding as computeQuote. */
export function termPrice(
  monthlyRate: number,
  term: TermCode,
): { full: number; discounted: number; saving: number } {
  assertRate(monthlyRate);
  const { months, discountPct } = termOf(term);
  const full = roundHalfUpToBaht(BigInt(monthlyRate) * BigInt(months));
  const saving = roundHalfUpToBaht(BigInt(full) * BigInt(discountPct), 100n);
  return { full, discounted: full - saving, saving };
}

export function computeQuote(input: QuoteInput): Quote {
  const { monthlyRate } = input;
  assertRate(monthlyRate);
  const { months, discountPct } = termOf(input.term);

  if (!isNonNegInt(input.insuranceMonthly) || !INSURANCE_LEVELS.includes(input.insuranceMonthly)) {
    throw new PricingError('invalid_insurance', `insurance must be 0 or one of the levels, got ${input.insuranceMonthly}`);
  }

  let suppliesRaw = 0n;
  for (const line of input.supplies) {
    if (!Number.isInteger(line.quantity) || line.quantity < 0 || line.quantity > MAX_SUPPLY_QTY) {
      throw new PricingError('invalid_quantity', `supply quantity must be an integer 0..${MAX_SUPPLY_QTY}, got ${line.quantity}`);
    }
    // Prices come from the catalogue; a bad one is a rate error, not something to price around.
    if (!isNonNegInt(line.priceSatang)) {
      throw new PricingError('invalid_rate', `supply price must be a non-negative integer of satang, got ${line.priceSatang}`);
    }
    suppliesRaw += BigInt(line.priceSatang) * BigInt(line.quantity);
  }

  const R = BigInt(monthlyRate);
  const rentBeforeDiscounts = roundHalfUpToBaht(R * BigInt(months));
  const termDiscount = roundHalfUpToBaht(BigInt(rentBeforeDiscounts) * BigInt(discountPct), 100n);
  const firstMonthDiscount =
    input.pricingMode === 'first_month_off' ? roundHalfUpToBaht(R * BigInt(FIRST_MONTH_OFF_PCT), 100n) : 0;
  // Term and first-month lines together can't exceed the rent (only reachable with odd constants).
  const afterFixedDiscounts = Math.max(0, rentBeforeDiscounts - termDiscount - firstMonthDiscount);
  const promoDiscount = computePromo(input.promo, afterFixedDiscounts);
  const rentAfterDiscounts = afterFixedDiscounts - promoDiscount;

  const insurance = roundHalfUpToBaht(BigInt(input.insuranceMonthly) * BigInt(months));
  const supplies = roundHalfUpToBaht(suppliesRaw);
  const setupFee = SETUP_FEE;
  const securityDeposit = input.paymentMethod === 'card' ? 0 : roundHalfUpToBaht(R);

  // WHT is on the VAT-exclusive rent: rent × 100/107 × 5% = rent × 5/107.
  const withholdingTax =
    input.customerType === 'business'
      ? roundHalfUpToBaht(BigInt(rentAfterDiscounts) * BigInt(WHT_RATE_PCT), BigInt(100 + VAT_RATE_PCT))
      : 0;

  const vatable = rentAfterDiscounts + insurance + supplies + setupFee;
  const vatIncluded = roundHalfUpToBaht(BigInt(vatable) * BigInt(VAT_RATE_PCT), BigInt(100 + VAT_RATE_PCT));

  const totalDueToday = vatable + securityDeposit - withholdingTax;

  return {
    months,
    termDiscountPct: discountPct,
    monthlyRate,
    rentBeforeDiscounts,
    termDiscount,
    firstMonthDiscount,
    promoDiscount,
    rentAfterDiscounts,
    insurance,
    supplies,
    setupFee,
    securityDeposit,
    withholdingTax,
    vatIncluded,
    totalDueToday,
  };
}

export function toBaht(satang: number): number {
  return satang / 100;
}

export function bahtToSatang(baht: number): number {
  if (!Number.isFinite(baht)) throw new RangeError(`bahtToSatang: not a finite number: ${baht}`);
  // toPrecision(15) drops float noise (1.005 × 100 = 100.4999…) so typed decimals round as written;
  // `+ 0` turns -0 into 0.
  return Math.round(Number((baht * 100).toPrecision(15))) + 0;
}

/** Rates carry at most 6 decimals once scaled to integers; enough for THB/USD and USD/BTC. */
const RATE_SCALE = 1_000_000n;

function scaleRate(rate: number, name: string): bigint {
  if (!Number.isFinite(rate) || rate <= 0) {
    throw new PricingError('invalid_rate', `${name} must be a positive number, got ${rate}`);
  }
  const scaled = BigInt(Math.round(rate * Number(RATE_SCALE)));
  if (scaled <= 0n) throw new PricingError('invalid_rate', `${name} too small, got ${rate}`);
  return scaled;
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

function fixed(units: bigint, decimals: number): string {
  const s = units.toString().padStart(decimals + 1, '0');
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

/**
 * Crypto amounts for a THB total. Both are rounded UP so the customer never underpays.
 * USDT is pegged 1:1 to USD; `usd` is the same cent amount as `usdt`, as a number.
 */
export function cryptoAmounts(
  totalSatang: number,
  rates: { thbPerUsd: number; usdPerBtc: number },
): { usd: number; usdt: string; btc: string } {
  if (!isNonNegInt(totalSatang)) throw new RangeError(`cryptoAmounts: total must be a non-negative integer of satang, got ${totalSatang}`);
  const thbPerUsd = scaleRate(rates.thbPerUsd, 'thbPerUsd');
  const usdPerBtc = scaleRate(rates.usdPerBtc, 'usdPerBtc');
  const total = BigInt(totalSatang);
  // cents = (satang / 100) / thbPerUsd × 100 = satang / thbPerUsd
  const cents = ceilDiv(total * RATE_SCALE, thbPerUsd);
  // sats = (satang / 100) / thbPerUsd / usdPerBtc × 1e8
  const sats = ceilDiv(total * RATE_SCALE * RATE_SCALE * 1_000_000n, thbPerUsd * usdPerBtc);
  return { usd: Number(cents) / 100, usdt: fixed(cents, 2), btc: fixed(sats, 8) };
}
