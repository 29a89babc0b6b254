import { describe, expect, it } from 'vitest';
import {
  INSURANCE_LEVELS,
  PAYMENT_METHODS,
  PricingError,
  SETUP_FEE,
  SUPPLY_CATALOG,
  TERM_CODES,
  TERMS,
  bahtToSatang,
  computeQuote,
  cryptoAmounts,
  insuranceCoverSatang,
  roundHalfUpToBaht,
  termPrice,
  toBaht,
  type Quote,
  type QuoteInput,
  type SupplyId,
} from './index';
import { expectedInSatang, WORKED_EXAMPLES } from '@/test/fixtures/worked-examples';

const B = (baht: number) => baht * 100;

const base: QuoteInput = {
  monthlyRate: B(2_700),
  pricingMode: 'normal',
  term: 'm2m',
  insuranceMonthly: 0,
  supplies: [],
  customerType: 'individual',
  paymentMethod: 'card',
  promo: null,
};

function expectPricingError(fn: () => unknown, code: PricingError['code']) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PricingError);
    expect((e as PricingError).code).toBe(code);
    return;
  }
  throw new Error(`expected PricingError ${code}`);
}

function expectLinesAddUp(q: Quote) {
  expect(q.rentAfterDiscounts).toBe(q.rentBeforeDiscounts - q.termDiscount - q.firstMonthDiscount - q.promoDiscount);
  expect(q.totalDueToday).toBe(
    q.rentAfterDiscounts + q.insurance + q.supplies + q.setupFee + q.securityDeposit - q.withholdingTax,
  );
  for (const [k, v] of Object.entries(q)) {
    if (k === 'months' || k === 'termDiscountPct' || k === 'monthlyRate') continue;
    expect(v % 100, `${k} is whole baht`).toBe(0);
    expect(v, `${k} non-negative`).toBeGreaterThanOrEqual(0);
  }
}

describe('catalogue constants', () => {
  it('terms', () => {
    expect(TERM_CODES).toEqual(['m2m', '3m', '6m', '12m']);
    expect(TERMS).toEqual({
      m2m: { months: 1, discountPct: 0 },
      '3m': { months: 3, discountPct: 5 },
      '6m': { months: 6, discountPct: 10 },
      '12m': { months: 12, discountPct: 15 },
    });
  });
  it('insurance levels and cover', () => {
    expect(INSURANCE_LEVELS).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000, 80_000, 90_000, 100_000]);
    expect(insuranceCoverSatang(B(300))).toBe(B(300_000));
    expect(insuranceCoverSatang(B(1_000))).toBe(B(1_000_000));
    expect(insuranceCoverSatang(0)).toBe(0);
  });
  it('supplies and payment methods', () => {
    expect(Object.fromEntries(Object.entries(SUPPLY_CATALOG).map(([k, v]) => [k, v.priceSatang / 100]))).toEqual({
      lock: 350,
      box_small: 200,
      box_medium: 300,
      box_large: 400,
      bubble_wrap: 125,
      tape: 30,
      tape_dispenser: 135,
    });
    expect(PAYMENT_METHODS).toEqual(['card', 'promptpay', 'bank_transfer', 'crypto', 'cash']);
    expect(SETUP_FEE).toBe(35_000);
  });
});

describe('computeQuote worked examples (docs/product-rules.md)', () => {
  it.each(WORKED_EXAMPLES)('$name', (example) => {
    const c = example.choices;
    const q = computeQuote({
      monthlyRate: B(example.monthlyRateBaht),
      pricingMode: 'normal',
      term: c.term,
      insuranceMonthly: B(c.insuranceBaht),
      supplies: Object.entries(c.supplies).map(([id, quantity]) => ({ priceSatang: SUPPLY_CATALOG[id as SupplyId].priceSatang, quantity })),
      customerType: c.customerType,
      paymentMethod: c.paymentMethod,
      promo: c.promoPercent ? { type: 'percentage', percent: c.promoPercent } : null,
    });
    expect(q).toMatchObject(expectedInSatang(example));
    expectLinesAddUp(q);
  });
});

describe('computeQuote rules', () => {
  it.each([
    { term: 'm2m' as const, before: 2_700, discount: 0, after: 2_700 },
    { term: '3m' as const, before: 8_100, discount: 405, after: 7_695 },
    { term: '6m' as const, before: 16_200, discount: 1_620, after: 14_580 },
    { term: '12m' as const, before: 32_400, discount: 4_860, after: 27_540 },
  ])('term $term for 2,700/month', ({ term, before, discount, after }) => {
    const q = computeQuote({ ...base, term });
    expect(q.months).toBe(TERMS[term].months);
    expect(q.rentBeforeDiscounts).toBe(B(before));
    expect(q.termDiscount).toBe(B(discount));
    expect(q.rentAfterDiscounts).toBe(B(after));
    expect(termPrice(B(2_700), term)).toEqual({ full: B(before), discounted: B(after), saving: B(discount) });
    expectLinesAddUp(q);
  });

  it.each([
    { term: 'm2m' as const, before: 6_500, term_d: 0, after: 4_550 },
    { term: '12m' as const, before: 78_000, term_d: 11_700, after: 64_350 },
  ])('The Stack (gb 6,500, first_month_off) on $term: first-month offer 1,950', ({ term, before, term_d, after }) => {
    const q = computeQuote({ ...base, monthlyRate: B(6_500), pricingMode: 'first_month_off', term });
    expect(q.firstMonthDiscount).toBe(B(1_950));
    expect(q.rentBeforeDiscounts).toBe(B(before));
    expect(q.termDiscount).toBe(B(term_d));
    expect(q.rentAfterDiscounts).toBe(B(after));
    expectLinesAddUp(q);
  });

  it('normal pricing mode has no first-month offer', () => {
    expect(computeQuote({ ...base, monthlyRate: B(6_500) }).firstMonthDiscount).toBe(0);
  });

  it('percentage promo applies after the term and first-month lines', () => {
    const q = computeQuote({
      ...base,
      monthlyRate: B(6_500),
      pricingMode: 'first_month_off',
      promo: { type: 'percentage', percent: 20 },
    });
    expect(q.promoDiscount).toBe(B(910)); // 20% of 4,550
    expect(q.rentAfterDiscounts).toBe(B(3_640));
  });

  it('fixed promo is taken off the rent', () => {
    const q = computeQuote({ ...base, promo: { type: 'fixed', amountSatang: B(500) } });
    expect(q.promoDiscount).toBe(B(500));
    expect(q.rentAfterDiscounts).toBe(B(2_200));
  });

  it('fixed promo larger than the rent is capped; rent after is 0', () => {
    const q = computeQuote({ ...base, customerType: 'business', promo: { type: 'fixed', amountSatang: B(10_000) } });
    expect(q.promoDiscount).toBe(B(2_700));
    expect(q.rentAfterDiscounts).toBe(0);
    expect(q.withholdingTax).toBe(0);
    expect(q.totalDueToday).toBe(B(350));
    expectLinesAddUp(q);
  });

  it('100% percentage promo also leaves rent 0', () => {
    const q = computeQuote({ ...base, term: '6m', promo: { type: 'percentage', percent: 100 } });
    expect(q.rentAfterDiscounts).toBe(0);
  });

  it.each([
    { type: 'percentage', percent: 0 },
    { type: 'percentage', percent: -5 },
    { type: 'percentage', percent: 101 },
    { type: 'percentage', percent: Number.NaN },
    { type: 'percentage', percent: 10.125 },
    { type: 'fixed', amountSatang: 0 },
    { type: 'fixed', amountSatang: -100 },
    { type: 'fixed', amountSatang: 10.5 },
    { type: 'bogus' },
  ])('invalid promo %o throws invalid_promo', (promo) => {
    expectPricingError(() => computeQuote({ ...base, promo: promo as never }), 'invalid_promo');
  });

  it('fractional promo percent with up to 2 decimals is allowed', () => {
    // 12.5% of 2,700 = 337.5 -> 338 (half-up)
    expect(computeQuote({ ...base, promo: { type: 'percentage', percent: 12.5 } }).promoDiscount).toBe(B(338));
  });

  it.each(PAYMENT_METHODS.map((m) => ({ method: m, deposit: m === 'card' ? 0 : B(2_700) })))(
    'deposit for $method is $deposit',
    ({ method, deposit }) => {
      const q = computeQuote({ ...base, term: '6m', paymentMethod: method });
      expect(q.securityDeposit).toBe(deposit);
      expect(q.totalDueToday).toBe(B(14_580 + 350) + deposit);
    },
  );

  it('deposit is one month at the list rate, not the discounted rate', () => {
    const q = computeQuote({ ...base, monthlyRate: B(6_500), pricingMode: 'first_month_off', term: '12m', paymentMethod: 'cash' });
    expect(q.securityDeposit).toBe(B(6_500));
  });

  it('business customers have withholding tax deducted; individuals do not', () => {
    const input: QuoteInput = { ...base, term: '6m', paymentMethod: 'promptpay' };
    const ind = computeQuote(input);
    const biz = computeQuote({ ...input, customerType: 'business' });
    expect(ind.withholdingTax).toBe(0);
    // 14,580 × 5/107 = 681.3 -> 681
    expect(biz.withholdingTax).toBe(B(681));
    expect(biz.totalDueToday).toBe(ind.totalDueToday - B(681));
    expect(biz.vatIncluded).toBe(ind.vatIncluded);
  });

  it.each([
    { level: 0, insurance: 0 },
    { level: B(100), insurance: B(600) },
    { level: B(1_000), insurance: B(6_000) },
  ])('insurance $level/month over 6 months', ({ level, insurance }) => {
    const q = computeQuote({ ...base, term: '6m', insuranceMonthly: level });
    expect(q.insurance).toBe(insurance);
    expectLinesAddUp(q);
  });

  it.each([B(150), B(1_100), -B(100), 10_000.5, Number.NaN])('insurance %s throws invalid_insurance', (level) => {
    expectPricingError(() => computeQuote({ ...base, insuranceMonthly: level }), 'invalid_insurance');
  });

  it.each([0, -B(2_700), 270_000.5, Number.NaN, Number.POSITIVE_INFINITY])('rate %s throws invalid_rate', (rate) => {
    expectPricingError(() => computeQuote({ ...base, monthlyRate: rate }), 'invalid_rate');
    expectPricingError(() => termPrice(rate, 'm2m'), 'invalid_rate');
  });

  it('unknown term throws invalid_term', () => {
    expectPricingError(() => computeQuote({ ...base, term: '24m' as never }), 'invalid_term');
    expectPricingError(() => computeQuote({ ...base, term: 'toString' as never }), 'invalid_term');
    expectPricingError(() => termPrice(B(2_700), '2m' as never), 'invalid_term');
    // A term that is not a string (a repeated query parameter parses to an array) is refused, even one whose text is a term.
    expectPricingError(() => computeQuote({ ...base, term: ['3m'] as never }), 'invalid_term');
  });

  it('supplies sum price × quantity, 0 and 99 allowed', () => {
    const q = computeQuote({
      ...base,
      supplies: [
        { priceSatang: SUPPLY_CATALOG.tape.priceSatang, quantity: 99 },
        { priceSatang: SUPPLY_CATALOG.bubble_wrap.priceSatang, quantity: 0 },
        { priceSatang: SUPPLY_CATALOG.tape_dispenser.priceSatang, quantity: 1 },
      ],
    });
    expect(q.supplies).toBe(B(30 * 99 + 135));
  });

  it.each([-1, 100, 1.5, Number.NaN])('supply quantity %s throws invalid_quantity', (quantity) => {
    expectPricingError(
      () => computeQuote({ ...base, supplies: [{ priceSatang: SUPPLY_CATALOG.lock.priceSatang, quantity }] }),
      'invalid_quantity',
    );
  });

  it('a bad supply price throws invalid_rate', () => {
    expectPricingError(() => computeQuote({ ...base, supplies: [{ priceSatang: -1, quantity: 1 }] }), 'invalid_rate');
  });

  it('rounds half-up at exactly .5 baht, and later lines use rounded earlier ones', () => {
    // Rate 1,001.50 baht × 3 = 3,004.50 -> 3,005; 5% of 3,005 = 150.25 -> 150.
    // 30% of 1,001.50 = 300.45 -> 300; deposit 1,001.50 -> 1,002.
    const q = computeQuote({
      ...base,
      monthlyRate: 100_150,
      term: '3m',
      pricingMode: 'first_month_off',
      paymentMethod: 'cash',
    });
    expect(q.rentBeforeDiscounts).toBe(B(3_005));
    expect(q.termDiscount).toBe(B(150));
    expect(q.firstMonthDiscount).toBe(B(300));
    expect(q.securityDeposit).toBe(B(1_002));
    expectLinesAddUp(q);

    // 3m 5% of 2,010 × 3 = 6,030 × 5% = 301.5 -> 302.
    expect(termPrice(B(2_010), '3m')).toEqual({ full: B(6_030), saving: B(302), discounted: B(5_728) });
    // 10% promo of 1,005 = 100.5 -> 101.
    expect(computeQuote({ ...base, monthlyRate: B(1_005), promo: { type: 'percentage', percent: 10 } }).promoDiscount).toBe(B(101));
  });

  it('roundHalfUpToBaht', () => {
    expect(roundHalfUpToBaht(1_673_000n * 7n, 107n)).toBe(109_400); // 1,094.486 baht
    expect(roundHalfUpToBaht(150n)).toBe(200);
    expect(roundHalfUpToBaht(149n)).toBe(100);
    expect(roundHalfUpToBaht(50n)).toBe(100);
    expect(roundHalfUpToBaht(49n)).toBe(0);
    expect(roundHalfUpToBaht(0n)).toBe(0);
  });
});

describe('money helpers', () => {
  it('toBaht / bahtToSatang', () => {
    expect(toBaht(1_673_000)).toBe(16_730);
    expect(toBaht(12_550)).toBe(125.5);
    expect(bahtToSatang(16_730)).toBe(1_673_000);
    expect(bahtToSatang(0.29)).toBe(29);
    expect(bahtToSatang(1.005)).toBe(101);
    expect(Object.is(bahtToSatang(-0), 0)).toBe(true);
    expect(() => bahtToSatang(Number.NaN)).toThrow(RangeError);
  });
});

describe('cryptoAmounts', () => {
  it.each([
    // 16,730 / 35 = 478 USD exactly; 478 / 45,000 = 0.010622222… BTC -> rounded up
    { total: B(16_730), thb: 35, btc: 45_000, usd: 478, usdt: '478.00', btcStr: '0.01062223' },
    // 70,532 / 35 = 2,015.2 USD; / 45,000 = 0.044782222… BTC
    { total: B(70_532), thb: 35, btc: 45_000, usd: 2_015.2, usdt: '2015.20', btcStr: '0.04478223' },
    // 100 / 35 = 2.857142… -> 2.86 (up)
    { total: B(100), thb: 35, btc: 45_000, usd: 2.86, usdt: '2.86', btcStr: '0.00006350' },
    // fractional rates: 1,000 / 32.5 = 30.769… -> 30.77; / 60,000.5
    { total: B(1_000), thb: 32.5, btc: 60_000.5, usd: 30.77, usdt: '30.77', btcStr: '0.00051282' },
    { total: 0, thb: 35, btc: 45_000, usd: 0, usdt: '0.00', btcStr: '0.00000000' },
  ])('$total satang at $thb THB/USD and $btc USD/BTC', ({ total, thb, btc, usd, usdt, btcStr }) => {
    expect(cryptoAmounts(total, { thbPerUsd: thb, usdPerBtc: btc })).toEqual({ usd, usdt, btc: btcStr });
  });

  it('never underpays', () => {
    for (const total of [B(1), B(16_730), B(70_532), B(123_457)]) {
      const r = cryptoAmounts(total, { thbPerUsd: 35, usdPerBtc: 45_000 });
      expect(Number(r.usdt) * 35 * 100).toBeGreaterThanOrEqual(total - 1e-6);
      expect(Number(r.btc) * 45_000 * 35 * 100).toBeGreaterThanOrEqual(total - 1e-6);
    }
  });

  it('rejects bad rates', () => {
    expectPricingError(() => cryptoAmounts(B(100), { thbPerUsd: 0, usdPerBtc: 45_000 }), 'invalid_rate');
    expectPricingError(() => cryptoAmounts(B(100), { thbPerUsd: 35, usdPerBtc: Number.NaN }), 'invalid_rate');
    expect(() => cryptoAmounts(-1, { thbPerUsd: 35, usdPerBtc: 45_000 })).toThrow(RangeError);
  });
});
