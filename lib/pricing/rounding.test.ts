// Rounding and tax on both sides of every half baht (docs/product-rules.md#money-and-pricing-one-routine-server-side).
// The worked examples round the same way whether VAT is rounded half-up or down, so a rule checked only on them lets
// a wrong rounding through. Each case below is chosen so that its raw VAT or withholding tax falls at .49, .50 or .51
// of a baht; the expected figures are literal, worked out by hand from 7/107 and 5/107.
import { describe, expect, it } from 'vitest';
import { bahtToSatang, computeQuote, cryptoAmounts, PricingError, roundHalfUpToBaht, termPrice, type QuoteInput } from './index';
import { computeRenewal, lateFee, LATE_FEE_PCT, OVERLOCK_FEE, vatIncludedIn } from './renewal';

const B = (baht: number) => baht * 100;

const quote = (over: Partial<QuoteInput>) =>
  computeQuote({ monthlyRate: B(1_000), pricingMode: 'normal', term: 'm2m', insuranceMonthly: 0, supplies: [], customerType: 'individual', paymentMethod: 'card', ...over });

describe('roundHalfUpToBaht: half a baht goes up, just under half goes down', () => {
  it.each([
    // [numerator, denominator, expected satang]
    [14_949n, 1n, 14_900],
    [14_950n, 1n, 15_000],
    [14_951n, 1n, 15_000],
    [0n, 1n, 0],
    [49n, 1n, 0],
    [50n, 1n, 100],
    // 53.50 baht × 7/107 = exactly 3.50 baht of VAT
    [5_350n * 7n, 107n, 400],
    // 53.34 baht × 7/107 = 3.4895… baht
    [5_334n * 7n, 107n, 300],
    // 53.66 baht × 7/107 = 3.5104… baht
    [5_366n * 7n, 107n, 400],
  ])('%s / %s → %s satang', (n, d, expected) => {
    expect(roundHalfUpToBaht(n, d)).toBe(expected);
  });

  it('refuses a negative amount and a zero or negative denominator', () => {
    expect(() => roundHalfUpToBaht(-1n)).toThrow('roundHalfUpToBaht: negative input');
    expect(() => roundHalfUpToBaht(100n, 0n)).toThrow('roundHalfUpToBaht: negative input');
    expect(() => roundHalfUpToBaht(100n, -1n)).toThrow('roundHalfUpToBaht: negative input');
  });
});

describe('VAT included (7/107) at .49, .50 and .51 of a baht', () => {
  it.each([
    // [VAT-inclusive amount, raw VAT in satang, VAT]
    [5_334, '348.95', 300],
    [5_350, '350.00', 400],
    [5_366, '351.05', 400],
    [B(1_047), '6849.53', B(68)],
    [B(1_093), '7150.47', B(72)],
    [B(1_032), '6751.40', B(68)],
  ])('vatIncludedIn(%s) (raw %s) = %s', (amount, _raw, expected) => {
    expect(vatIncludedIn(amount)).toBe(expected);
  });

  it('nothing is VAT in a zero or negative amount', () => {
    expect(vatIncludedIn(0)).toBe(0);
    expect(vatIncludedIn(-100)).toBe(0);
    expect(vatIncludedIn(1)).toBe(0);
  });

  it.each([
    // monthly rent in baht → rent + 350 setup fee; raw VAT of that sum; expected VAT and total (card: no deposit)
    [697, 'VAT 68.4953', B(68), B(1_047)],
    [743, 'VAT 71.5047', B(72), B(1_093)],
    [682, 'VAT 67.5140', B(68), B(1_032)],
  ])('first invoice, individual, rent %s baht: %s rounds to %s', (rent, _raw, vat, total) => {
    const q = quote({ monthlyRate: B(rent) });
    expect(q.vatIncluded).toBe(vat);
    expect(q.withholdingTax).toBe(0);
    expect(q.totalDueToday).toBe(total);
  });

  it.each([
    // business: WHT = rent × 5/107 (5% of the VAT-exclusive rent), VAT on rent + setup fee
    [1_102, 'WHT 51.4953', B(51), B(95), B(1_401)],
    [1_038, 'WHT 48.5047', B(49), B(91), B(1_339)],
    [1_081, 'WHT 50.5140', B(51), B(94), B(1_380)],
  ])('first invoice, business, rent %s baht: %s rounds to %s', (rent, _raw, wht, vat, total) => {
    const q = quote({ monthlyRate: B(rent), customerType: 'business' });
    expect(q.withholdingTax).toBe(wht);
    expect(q.vatIncluded).toBe(vat);
    expect(q.totalDueToday).toBe(total);
  });

  it('a business pays the same VAT as an individual; only the withholding differs', () => {
    const person = quote({ monthlyRate: B(1_038) });
    const company = quote({ monthlyRate: B(1_038), customerType: 'business' });
    expect(company.vatIncluded).toBe(person.vatIncluded);
    expect(person.totalDueToday - company.totalDueToday).toBe(company.withholdingTax);
  });
});

describe('renewals: VAT is 7/107 of rent and insurance, withholding 5/107 of the rent only', () => {
  it.each([
    // [rent, insurance, raw VAT, VAT, raw WHT, WHT, total]
    [947, 100, '68.4953', B(68), '44.2523', B(44), B(1_003)],
    [993, 100, '71.5047', B(72), '46.4019', B(46), B(1_047)],
    [932, 100, '67.5140', B(68), '43.5514', B(44), B(988)],
    [1_102, 0, '72.0935', B(72), '51.4953', B(51), B(1_051)],
    [1_038, 0, '67.9065', B(68), '48.5047', B(49), B(989)],
    [1_081, 0, '70.7196', B(71), '50.5140', B(51), B(1_030)],
  ])('business, rent %s + insurance %s: VAT %s → %s, WHT %s → %s', (rent, insurance, _rv, vat, _rw, wht, total) => {
    const r = computeRenewal({ monthlyRate: B(rent), insuranceMonthly: B(insurance), customerType: 'business' });
    expect(r).toEqual({ monthlyRate: B(rent), rent: B(rent), insurance: B(insurance), withholdingTax: wht, vatIncluded: vat, totalDue: total });
  });

  it('an individual withholds nothing and pays rent plus insurance', () => {
    expect(computeRenewal({ monthlyRate: B(2_800), insuranceMonthly: B(300), customerType: 'individual' })).toEqual({
      monthlyRate: B(2_800),
      rent: B(2_800),
      insurance: B(300),
      withholdingTax: 0,
      vatIncluded: B(203),
      totalDue: B(3_100),
    });
  });

  it('a rate in satang is rounded to a whole baht like the first invoice', () => {
    expect(computeRenewal({ monthlyRate: 100_050, insuranceMonthly: 0, customerType: 'individual' }).rent).toBe(B(1_001));
    expect(computeRenewal({ monthlyRate: 100_049, insuranceMonthly: 0, customerType: 'individual' }).rent).toBe(B(1_000));
  });

  it('refuses a rate that is not positive satang and a negative insurance', () => {
    for (const monthlyRate of [0, -100, 1.5, Number.NaN]) {
      expect(() => computeRenewal({ monthlyRate, insuranceMonthly: 0, customerType: 'individual' })).toThrow(`monthly rate must be positive satang, got ${monthlyRate}`);
    }
    expect(computeRenewal({ monthlyRate: 1, insuranceMonthly: 0, customerType: 'individual' }).rent).toBe(0);
    for (const insuranceMonthly of [-1, 0.5]) {
      expect(() => computeRenewal({ monthlyRate: B(1_000), insuranceMonthly, customerType: 'individual' })).toThrow(`insurance must be non-negative satang, got ${insuranceMonthly}`);
    }
  });

  it('late fee: 10% of the month, half a baht up', () => {
    expect(LATE_FEE_PCT).toBe(10);
    expect(OVERLOCK_FEE).toBe(B(250));
    expect(lateFee(B(1_400))).toBe(B(140));
    expect(lateFee(B(1_405))).toBe(B(141)); // 140.50
    expect(lateFee(B(1_404))).toBe(B(140)); // 140.40
    expect(lateFee(B(1_406))).toBe(B(141)); // 140.60
  });
});

describe('term cards and guards', () => {
  it('termPrice rounds the discount half-up', () => {
    // 3 × 1,001 = 3,003; 5% = 150.15 → 150
    expect(termPrice(B(1_001), '3m')).toEqual({ full: B(3_003), discounted: B(2_853), saving: B(150) });
    // 3 × 1,010 = 3,030; 5% = 151.50 → 152
    expect(termPrice(B(1_010), '3m')).toEqual({ full: B(3_030), discounted: B(2_878), saving: B(152) });
  });

  it('every refusal names its code and the bad value', () => {
    const err = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e as PricingError;
      }
      throw new Error('did not throw');
    };
    const plain = new PricingError('invalid_rate');
    expect(plain).toMatchObject({ name: 'PricingError', code: 'invalid_rate', message: 'invalid_rate' });
    expect(new PricingError('invalid_term', 'why')).toMatchObject({ code: 'invalid_term', message: 'why' });
    expect(err(() => quote({ monthlyRate: 0 }))).toMatchObject({ code: 'invalid_rate', message: 'monthly rate must be a positive integer of satang, got 0' });
    expect(err(() => quote({ term: 'x' as never }))).toMatchObject({ code: 'invalid_term', message: 'unknown term x' });
    expect(err(() => quote({ term: 3 as never }))).toMatchObject({ code: 'invalid_term', message: 'unknown term 3' });
    expect(err(() => quote({ insuranceMonthly: 5 }))).toMatchObject({ code: 'invalid_insurance', message: 'insurance must be 0 or one of the levels, got 5' });
    expect(err(() => quote({ supplies: [{ priceSatang: 100, quantity: 100 }] }))).toMatchObject({ code: 'invalid_quantity', message: 'supply quantity must be an integer 0..99, got 100' });
    expect(err(() => quote({ supplies: [{ priceSatang: -1, quantity: 1 }] }))).toMatchObject({ code: 'invalid_rate', message: 'supply price must be a non-negative integer of satang, got -1' });
    expect(err(() => quote({ promo: { type: 'percentage', percent: 12.345 } }))).toMatchObject({ code: 'invalid_promo', message: 'promo percent must be in (0, 100] with at most 2 decimals, got 12.345' });
    expect(err(() => quote({ promo: { type: 'fixed', amountSatang: 0 } }))).toMatchObject({ code: 'invalid_promo', message: 'fixed promo must be a positive integer of satang, got 0' });
    expect(err(() => quote({ promo: { type: 'other' } as never }))).toMatchObject({ code: 'invalid_promo', message: 'unknown promo type' });
    expect(() => bahtToSatang(Number.POSITIVE_INFINITY)).toThrow('bahtToSatang: not a finite number: Infinity');
  });

  it('12.5% is a valid promo; a tiny negative amount of baht is zero satang, not minus zero', () => {
    // 1,000 × 12.5% = 125
    expect(quote({ promo: { type: 'percentage', percent: 12.5 } }).promoDiscount).toBe(B(125));
    expect(Object.is(bahtToSatang(-0.001), 0)).toBe(true);
  });

  it('crypto rates must be positive and large enough to count', () => {
    const rates = { thbPerUsd: 36, usdPerBtc: 60_000 };
    expect(() => cryptoAmounts(100, { ...rates, thbPerUsd: 0 })).toThrow('thbPerUsd must be a positive number, got 0');
    expect(() => cryptoAmounts(100, { ...rates, usdPerBtc: Number.NaN })).toThrow('usdPerBtc must be a positive number, got NaN');
    expect(() => cryptoAmounts(100, { ...rates, thbPerUsd: 1e-7 })).toThrow('thbPerUsd too small, got 1e-7');
    expect(() => cryptoAmounts(100, { ...rates, thbPerUsd: 1e-7 })).toThrow(expect.objectContaining({ code: 'invalid_rate' }));
    expect(() => cryptoAmounts(100, { ...rates, usdPerBtc: -5 })).toThrow(PricingError);
    expect(() => cryptoAmounts(-1, rates)).toThrow('cryptoAmounts: total must be a non-negative integer of satang, got -1');
  });
});
