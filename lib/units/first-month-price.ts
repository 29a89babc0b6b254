import { computeQuote, PricingError, type PricingMode } from '@/lib/pricing';

/**
 * First-month rent (satang) of a type priced first_month_off (The Stack), through the one pricing routine; null when
 * the type has no such offer or is mispriced, so a listing shows the type without an offer rather than failing.
 */
export function firstMonthPrice(unit: { pricingMode: PricingMode; monthlyRate: number }): number | null {
  if (unit.pricingMode !== 'first_month_off') return null;
  try {
    return computeQuote({
      monthlyRate: unit.monthlyRate,
      pricingMode: unit.pricingMode,
      term: 'm2m',
      insuranceMonthly: 0,
      supplies: [],
      customerType: 'individual',
      paymentMethod: 'card',
    }).rentAfterDiscounts;
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
}
