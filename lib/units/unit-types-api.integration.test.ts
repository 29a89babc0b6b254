import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import { unitTypesFromSearchParams } from './unit-types-api';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await openTestDb()));
afterAll(() => close());

const NOW = new Date('2026-11-22T05:00:00Z');
const get = (qs = '') => unitTypesFromSearchParams(db, new URLSearchParams(qs), NOW);
const ok = async (qs = '') => {
  const r = await get(qs);
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
};

describe('GET /api/unit-types', () => {
  it('lists every active type with live availability, prices in satang and baht, offers and banners, as the home page orders them', async () => {
    const body = await ok();
    expect(body).toMatchObject({ currency: 'THB', locale: 'en' });
    expect(body.unitTypes).toHaveLength(10);
    // Available types by price, sold-out ones last (docs/product-rules.md#public-site).
    expect(body.unitTypes.map((u) => u.code)).toEqual(['s', 'm', 'm6', 'm4', 'gb', 'l', 'm1', 'xl', 'm1cc', 'xxl']);
    const byCode = Object.fromEntries(body.unitTypes.map((u) => [u.code, u]));
    expect(byCode.m).toEqual({
      code: 'm',
      category: 'indoor',
      name: 'Medium Unit',
      description: expect.stringContaining('small bedroom'),
      dimensions: '2 m × 3 m × 2.5 m',
      areaSqm: 6,
      volumeCbm: 15,
      availableCount: 12,
      soldOut: false,
      startingPrice: { satang: 270_000, baht: 2700 },
      pricingMode: 'normal',
      firstMonthOffer: null,
      banner: { text: 'Most popular size', tone: 'blue' },
      imageUrl: '/units/m.svg',
    });
    expect(byCode.gb).toMatchObject({
      pricingMode: 'first_month_off',
      startingPrice: { satang: 650_000, baht: 6500 },
      firstMonthOffer: { percentOff: 30, firstMonthPrice: { satang: 455_000, baht: 4550 } },
      banner: { text: '30% off your first month', tone: 'green' },
    });
    expect(byCode.xxl).toMatchObject({ availableCount: 0, soldOut: true, banner: null });
  });

  it('answers in the requested language; the banner colour follows the English wording', async () => {
    const th = await ok('locale=th');
    expect(th.locale).toBe('th');
    const m = th.unitTypes.find((u) => u.code === 'm')!;
    expect(m).toMatchObject({ name: 'ห้องเก็บของขนาดกลาง', banner: { text: 'ขนาดยอดนิยม', tone: 'blue' } });
    expect((await ok('locale=ru')).unitTypes.find((u) => u.code === 'm')?.name).toBe('Средний бокс');
  });

  it('rejects an unknown or repeated locale with a 400 naming the parameter', async () => {
    expect(await get('locale=de')).toEqual({ status: 400, body: { error: 'invalid_parameter', parameter: 'locale', message: 'locale must be one of en, th, ru' } });
    expect(await get('locale=')).toMatchObject({ status: 400, body: { parameter: 'locale' } });
    expect(await get('locale=en&locale=th')).toEqual({ status: 400, body: { error: 'invalid_parameter', parameter: 'locale', message: 'locale must be given once' } });
  });

  it('shows a promotion (price and banner) only inside its window', async () => {
    const promo = { promoRate: 240_000, promotionActive: true, promotionalBanner: { en: 'Rainy season sale', th: 'ลดราคาหน้าฝน', ru: 'Сезонная скидка' } };
    const m = async () => (await ok()).unitTypes.find((u) => u.code === 'm')!;

    await db.unitType.update({ where: { code: 'm' }, data: { ...promo, promotionStartsAt: new Date('2026-11-01T00:00:00Z'), promotionEndsAt: new Date('2026-12-01T00:00:00Z') } });
    expect(await m()).toMatchObject({ startingPrice: { satang: 240_000, baht: 2400 }, banner: { text: 'Rainy season sale', tone: 'orange' } });

    await db.unitType.update({ where: { code: 'm' }, data: { promotionEndsAt: new Date('2026-11-20T00:00:00Z') } });
    expect(await m()).toMatchObject({ startingPrice: { satang: 270_000, baht: 2700 }, banner: null });

    await db.unitType.update({ where: { code: 'm' }, data: { promotionStartsAt: new Date('2026-12-01T00:00:00Z'), promotionEndsAt: null } });
    expect(await m()).toMatchObject({ startingPrice: { satang: 270_000, baht: 2700 }, banner: null });
  });
});
