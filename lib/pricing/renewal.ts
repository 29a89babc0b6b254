// Prices after the booking (docs/product-rules.md#invoices-billing-and-delinquency), with the same rounding as
// computeQuote: a month of rent at the rental's own rate, months paid ahead at a term's discount, the late fee and the overlock fee. Pure.
import { roundHalfUpToBaht, termPrice, TERMS, VAT_RATE_PCT, WHT_RATE_PCT, type CustomerType, type TermCode } from './index';

/** Late fee: 10% of the monthly rent, invoiced once the 10-day grace has passed (rental agreement). */
export const LATE_FEE_PCT = 10;
/** Overlock fee at day 30 of arrears (rental agreement fees). */
export const OVERLOCK_FEE = 25_000;

export interface RenewalQuote {
  monthlyRate: number;
  rent: number;
  insurance: number;
  /** business customers withhold 5% of the VAT-exclusive rent */
  withholdingTax: number;
  vatIncluded: number;
  /** what the customer pays: rent + insurance − withholding */
  totalDue: number;
}

/** One month of a month-to-month rental at `monthlyRate` (the rental's own rate), no setup fee, no deposit. */
export function computeRenewal(input: { monthlyRate: number; insuranceMonthly: number; customerType: CustomerType }): RenewalQuote {
  if (!Number.isSafeInteger(input.monthlyRate) || input.monthlyRate <= 0) throw new RangeError(`monthly rate must be positive satang, got ${input.monthlyRate}`);
  if (!Number.isSafeInteger(input.insuranceMonthly) || input.insuranceMonthly < 0) throw new RangeError(`insurance must be non-negative satang, got ${input.insuranceMonthly}`);
  const rent = roundHalfUpToBaht(BigInt(input.monthlyRate));
  const insurance = roundHalfUpToBaht(BigInt(input.insuranceMonthly));
  const withholdingTax = input.customerType === 'business' ? roundHalfUpToBaht(BigInt(rent) * BigInt(WHT_RATE_PCT), BigInt(100 + VAT_RATE_PCT)) : 0;
  const vatIncluded = vatIncludedIn(rent + insurance);
  return { monthlyRate: input.monthlyRate, rent, insurance, withholdingTax, vatIncluded, totalDue: rent + insurance - withholdingTax };
}

/** 10% of a month's rent, rounded half-up to a whole baht. */
export function lateFee(monthlyRent: number): number {
  return roundHalfUpToBaht(BigInt(monthlyRent) * BigInt(LATE_FEE_PCT), 100n);
}

/** VAT contained in a VAT-inclusive amount (7/107), rounded like the quote's "VAT included" line. */
export function vatIncludedIn(amountSatang: number): number {
  if (amountSatang <= 0) return 0;
  return roundHalfUpToBaht(BigInt(amountSatang) * BigInt(VAT_RATE_PCT), BigInt(100 + VAT_RATE_PCT));
}

export interface PrepaymentQuote {
  months: number;
  termDiscountPct: number;
  monthlyRate: number;
  /** rent for the months at the full rate */
  rentBeforeDiscount: number;
  /** the term's discount, as the wizard's term cards compute it (termPrice) */
  termDiscount: number;
  rent: number;
  insurance: number;
  withholdingTax: number;
  vatIncluded: number;
  totalDue: number;
}

/**
 * The next 3, 6 or 12 months paid ahead (docs/product-rules.md#prices-over-time-prepayment-and-card-retries): the
 * rental's own rate at the booking wizard's term discount (termPrice, the same rounding), insurance for each month, no
 * setup fee or deposit; business customers withhold 5% of the VAT-exclusive rent as on a renewal.
 */
export function computePrepayment(input: { monthlyRate: number; term: Exclude<TermCode, 'm2m'>; insuranceMonthly: number; customerType: CustomerType }): PrepaymentQuote {
  if (!Number.isSafeInteger(input.insuranceMonthly) || input.insuranceMonthly < 0) throw new RangeError(`insurance must be non-negative satang, got ${input.insuranceMonthly}`);
  const { months, discountPct } = TERMS[input.term];
  const { full, saving, discounted } = termPrice(input.monthlyRate, input.term);
  const insurance = roundHalfUpToBaht(BigInt(input.insuranceMonthly) * BigInt(months));
  const withholdingTax = input.customerType === 'business' ? roundHalfUpToBaht(BigInt(discounted) * BigInt(WHT_RATE_PCT), BigInt(100 + VAT_RATE_PCT)) : 0;
  return {
    months,
    termDiscountPct: discountPct,
    monthlyRate: input.monthlyRate,
    rentBeforeDiscount: full,
    termDiscount: saving,
    rent: discounted,
    insurance,
    withholdingTax,
    vatIncluded: vatIncludedIn(discounted + insurance),
    totalDue: discounted + insurance - withholdingTax,
  };
}
