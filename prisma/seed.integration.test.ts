import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { seedDatabase } from './seed';
import type { Db } from '@/lib/db/client';
import { asFixture } from '@/lib/db/status-writes';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await openTestDb()));
afterAll(() => close());

async function counts() {
  return {
    unitTypes: await db.unitType.count(),
    units: await db.unit.count(),
    available: await db.unit.count({ where: { status: 'available' } }),
    supplies: await db.supplyItem.count(),
    promos: await db.promoCode.count(),
    legal: await db.legalDocument.count(),
    reviews: await db.review.count(),
    users: await db.user.count(),
    settings: await db.setting.count(),
  };
}

describe('seed', () => {
  it('holds the spec data', async () => {
    const types = await db.unitType.findMany({ orderBy: { displayOrder: 'asc' } });
    expect(Object.fromEntries(types.map((t) => [t.code, t.baseRate / 100]))).toEqual({
      s: 1400, m: 2700, l: 7100, xl: 12000, xxl: 12000, m6: 3500, m4: 6500, m1: 9500, m1cc: 13000, gb: 6500,
    });
    expect(types.find((t) => t.code === 'gb')?.pricingMode).toBe('first_month_off');
    const available = async (code: string) => db.unit.count({ where: { status: 'available', unitType: { code } } });
    expect(await available('xxl')).toBe(0);
    expect(await available('l')).toBeGreaterThanOrEqual(1);
    expect(await available('l')).toBeLessThanOrEqual(2);
    expect(await available('xl')).toBeGreaterThanOrEqual(3);
    expect(await available('xl')).toBeLessThanOrEqual(5);
    expect(await db.review.count()).toBe(6);
    expect(await db.legalDocument.count({ where: { type: 'rental_agreement', isActive: true } })).toBe(3);
    expect(await db.user.count({ where: { role: 'admin' } })).toBe(1);
  });

  it('changes nothing when run twice', async () => {
    const before = await counts();
    await seedDatabase(db);
    expect(await counts()).toEqual(before);
  });

  it('dates the built-in reviews by their age at seeding, keeps those dates, and dates older undated rows once', async () => {
    const day = 24 * 60 * 60 * 1000;
    const first = await db.review.findUniqueOrThrow({ where: { externalId: 'fallback-1' } });
    // Seeded by the run's global setup moments ago, 14 days before then.
    expect(Date.now() - first.publishedAt!.getTime()).toBeGreaterThanOrEqual(14 * day);
    expect(Date.now() - first.publishedAt!.getTime()).toBeLessThan(15 * day);
    await seedDatabase(db);
    expect((await db.review.findUniqueOrThrow({ where: { externalId: 'fallback-1' } })).publishedAt).toEqual(first.publishedAt);

    await db.review.update({ where: { externalId: 'fallback-6' }, data: { publishedAt: null } });
    const before = Date.now();
    await seedDatabase(db);
    const sixth = await db.review.findUniqueOrThrow({ where: { externalId: 'fallback-6' } });
    expect(sixth.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 155 * day);
    expect(sixth.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now() - 155 * day);
  });

  it('does not undo what happened after seeding', async () => {
    const unit = await db.unit.findFirstOrThrow({ where: { status: 'available', unitType: { code: 's' } } });
    await asFixture(() => db.unit.update({ where: { id: unit.id }, data: { status: 'maintenance' } }));
    await db.promoCode.update({ where: { code: 'WELCOME10' }, data: { currentUses: 3 } });
    await seedDatabase(db);
    expect((await db.unit.findUniqueOrThrow({ where: { id: unit.id } })).status).toBe('maintenance');
    expect((await db.promoCode.findUniqueOrThrow({ where: { code: 'WELCOME10' } })).currentUses).toBe(3);
  });
});

describe('database constraints', () => {
  it('refuses a second waiting-list entry for the same email and unit type', async () => {
    const type = await db.unitType.findUniqueOrThrow({ where: { code: 'xxl' } });
    await db.waitingListEntry.create({ data: { unitTypeId: type.id, name: 'A', email: 'a@example.com' } });
    await expect(db.waitingListEntry.create({ data: { unitTypeId: type.id, name: 'B', email: 'a@example.com' } })).rejects.toThrow();
  });

  it('never lets promo uses exceed the limit', async () => {
    await expect(db.promoCode.update({ where: { code: 'LIMITED5' }, data: { currentUses: 6 } })).rejects.toThrow();
  });

  it('refuses negative money and malformed codes', async () => {
    await expect(db.supplyItem.update({ where: { id: 'lock' }, data: { priceSatang: -1 } })).rejects.toThrow();
    await expect(db.unitType.update({ where: { code: 's' }, data: { baseRate: 0 } })).rejects.toThrow();
    await expect(db.promoCode.create({
      data: { code: 'lower', validFrom: new Date(), discountType: 'percentage', discountValue: 10, description: {} },
    })).rejects.toThrow();
  });
});
