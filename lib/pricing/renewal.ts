// Prices after the booking (docs/product-rules.md#invoices-billing-and-delinquency), with the same rounding as
// computeQuote: a month of rent at the current rate, the late fee and the overlock fee. Pure.
import { roundHalfUpToBaht, VAT_RATE_PCT, WHT_RATE_PCT, type CustomerType } from './index';

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

/** One month of a month-to-month rental at `monthlyRate` (the unit type's current rate), no setup fee, no deposit. */
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
