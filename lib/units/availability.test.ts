import { describe, expect, it } from 'vitest';
import { availabilityRibbon, bannerTone, effectiveMonthlyRate, promotionBanner, sortForListing, sortForWizard } from './availability';

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
  it('keeps one order for equal prices, whatever order the database returns', () => {
    const tied = [
      { code: 'gb', category: 'stack', sizeRank: 2, monthlyRate: 650_000, availableCount: 10 },
      { code: 'm4', category: 'indoor', sizeRank: 4, monthlyRate: 650_000, availableCount: 3 },
      { code: 'm3', category: 'indoor', sizeRank: 3, monthlyRate: 650_000, availableCount: 3 },
    ] as const;
    expect(sortForListing(tied).map((t) => t.code)).toEqual(['m3', 'm4', 'gb']);
    expect(sortForListing([...tied].reverse()).map((t) => t.code)).toEqual(['m3', 'm4', 'gb']);
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

describe('promotional banner', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const before = new Date('2026-11-01T00:00:00Z');
  const after = new Date('2026-12-01T00:00:00Z');
  const promo = {
    baseRate: 270_000,
    promoRate: 240_000,
    promotionActive: true,
    promotionStartsAt: null as Date | null,
    promotionEndsAt: null as Date | null,
    promotionalBanner: { en: 'Rainy season SALE', th: 'ลดราคาหน้าฝน', ru: '' } as unknown,
  };

  it('shows only while the promotion runs and its text is non-empty', () => {
    expect(promotionBanner(promo, 'th', now)).toBe('ลดราคาหน้าฝน');
    expect(promotionBanner({ ...promo, promotionStartsAt: before, promotionEndsAt: after }, 'en', now)).toBe('Rainy season SALE');
    expect(promotionBanner({ ...promo, promotionActive: false }, 'en', now)).toBeNull();
    expect(promotionBanner({ ...promo, promotionStartsAt: after }, 'en', now)).toBeNull();
    expect(promotionBanner({ ...promo, promotionEndsAt: before }, 'en', now)).toBeNull();
    // The window's end is exclusive, like the promotional price's.
    expect(promotionBanner({ ...promo, promotionEndsAt: now }, 'en', now)).toBeNull();
    expect(promotionBanner({ ...promo, promotionalBanner: { en: '   ' } }, 'en', now)).toBeNull();
    expect(promotionBanner({ ...promo, promotionalBanner: null }, 'en', now)).toBeNull();
  });

  it('an empty translation falls back to English rather than hiding the banner', () => {
    expect(promotionBanner({ ...promo, promotionalBanner: { en: 'Hurry, 2 left' } }, 'ru', now)).toBe('Hurry, 2 left');
  });

  it('appears exactly when the promotional price applies', () => {
    const windows = [
      { promotionActive: true, promotionStartsAt: null, promotionEndsAt: null },
      { promotionActive: false, promotionStartsAt: null, promotionEndsAt: null },
      { promotionActive: true, promotionStartsAt: before, promotionEndsAt: after },
      { promotionActive: true, promotionStartsAt: after, promotionEndsAt: null },
      { promotionActive: true, promotionStartsAt: null, promotionEndsAt: before },
      { promotionActive: true, promotionStartsAt: before, promotionEndsAt: now },
    ];
    for (const w of windows) {
      const t = { ...promo, ...w };
      expect(promotionBanner(t, 'en', now) !== null, JSON.stringify(w)).toBe(effectiveMonthlyRate(t, now) === promo.promoRate);
    }
  });
});
