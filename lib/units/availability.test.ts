import { describe, expect, it } from 'vitest';
import { availabilityRibbon, bannerTone, effectiveMonthlyRate, sortForListing, sortForWizard } from './availability';

describe('availability ribbons', () => {
  it.each([
    [0, 'sold_out'],
    [1, 'almost_sold_out'],
    [2, 'almost_sold_out'],
    [3, 'limited'],
    [5, 'limited'],
    [6, null],
  ] as const)('%i left → %s', (n, ribbon) => expect(availabilityRibbon(n)).toBe(ribbon));
});

describe('banner colour', () => {
  it('follows the wording', () => {
    expect(bannerTone('Most popular size')).toBe('blue');
    expect(bannerTone('Hurry, 2 left')).toBe('red');
    expect(bannerTone('Rainy season SALE')).toBe('orange');
    expect(bannerTone('30% off your first month')).toBe('green');
  });
});

const types = [
  { code: 'xxl', category: 'indoor', sizeRank: 5, monthlyRate: 1_200_000, availableCount: 0 },
  { code: 'm6', category: 'outdoor', sizeRank: 2, monthlyRate: 350_000, availableCount: 8 },
  { code: 'gb', category: 'stack', sizeRank: 2, monthlyRate: 650_000, availableCount: 10 },
  { code: 'm', category: 'indoor', sizeRank: 2, monthlyRate: 270_000, availableCount: 12 },
  { code: 's', category: 'indoor', sizeRank: 1, monthlyRate: 140_000, availableCount: 18 },
] as const;

describe('sorting', () => {
  it('lists available types by price and sold-out ones last', () => {
    expect(sortForListing(types).map((t) => t.code)).toEqual(['s', 'm', 'm6', 'gb', 'xxl']);
  });
  it('orders the wizard by category, size, then price', () => {
    expect(sortForWizard(types).map((t) => t.code)).toEqual(['s', 'm', 'xxl', 'm6', 'gb']);
  });
});

describe('effective monthly rate', () => {
  const base = { baseRate: 270_000, promoRate: 240_000, promotionStartsAt: null, promotionEndsAt: null };
  it('uses the promotional price only while its promotion runs', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(effectiveMonthlyRate({ ...base, promotionActive: true }, now)).toBe(240_000);
    expect(effectiveMonthlyRate({ ...base, promotionActive: false }, now)).toBe(270_000);
    expect(effectiveMonthlyRate({ ...base, promotionActive: true, promotionEndsAt: new Date('2026-11-01T00:00:00Z') }, now)).toBe(270_000);
    expect(effectiveMonthlyRate({ ...base, promotionActive: true, promoRate: null }, now)).toBe(270_000);
  });
});
