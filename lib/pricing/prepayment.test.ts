import { describe, expect, it } from 'vitest';
import { computePrepayment, computeRenewal } from './renewal';
import { termPrice } from './index';

// Months paid ahead (docs/product-rules.md#prices-over-time-prepayment-and-card-retries): the wizard's term discount on
// the rental's own rate, insurance per month, withholding for companies as on a renewal.
describe('computePrepayment', () => {
  it('3, 6 and 12 months at 5%, 10% and 15% off the rent, insurance in full', () => {
    const q3 = computePrepayment({ monthlyRate: 270_000, term: '3m', insuranceMonthly: 30_000, customerType: 'individual' });
    expect(q3).toMatchObject({ months: 3, rentBeforeDiscount: 810_000, termDiscount: 40_500, rent: 769_500, insurance: 90_000, withholdingTax: 0, totalDue: 859_500 });
    expect(computePrepayment({ monthlyRate: 270_000, term: '6m', insuranceMonthly: 0, customerType: 'individual' }).totalDue).toBe(1_620_000 - 162_000);
    expect(computePrepayment({ monthlyRate: 270_000, term: '12m', insuranceMonthly: 0, customerType: 'individual' }).totalDue).toBe(3_240_000 - 486_000);
  });

  it('is the term card price the wizard shows, to the baht, at odd rates', () => {
    for (const rate of [103_850, 99_950, 1_234_567]) {
      for (const term of ['3m', '6m', '12m'] as const) {
        expect(computePrepayment({ monthlyRate: rate, term, insuranceMonthly: 0, customerType: 'individual' }).rent).toBe(termPrice(rate, term).discounted);
      }
    }
  });

  it('a company withholds 5% of the VAT-exclusive rent; VAT is 7/107 of rent and insurance', () => {
    const q = computePrepayment({ monthlyRate: 103_800, term: '3m', insuranceMonthly: 30_000, customerType: 'business' });
    // rent 3,114 − 5% (155.70 → 156) = 2,958; withholding 2,958 × 5/107 = 138.22 → 138; VAT (2,958 + 900) × 7/107 = 252.39 → 252
    expect(q).toMatchObject({ rent: 295_800, withholdingTax: 13_800, vatIncluded: 25_200, totalDue: 295_800 + 90_000 - 13_800 });
  });

  it('one month ahead would cost what a renewal costs: the discount is what differs', () => {
    const renewal = computeRenewal({ monthlyRate: 270_000, insuranceMonthly: 30_000, customerType: 'individual' });
    const q = computePrepayment({ monthlyRate: 270_000, term: '3m', insuranceMonthly: 30_000, customerType: 'individual' });
    expect(q.totalDue + q.termDiscount).toBe(renewal.totalDue * 3);
  });

  it('refuses insurance below zero or not in whole satang, naming it; none at all is fine', () => {
    const ahead = (insuranceMonthly: number) => () => computePrepayment({ monthlyRate: 270_000, term: '3m', insuranceMonthly, customerType: 'individual' });
    expect(ahead(-1)).toThrow(new RangeError('insurance must be non-negative satang, got -1'));
    expect(ahead(100.5)).toThrow(new RangeError('insurance must be non-negative satang, got 100.5'));
    expect(ahead(0)().insurance).toBe(0);
  });
});
