import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { postgresTestUrl } from '@/test/db';
import { createBooking } from './create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { asFixture } from '@/lib/db/status-writes';
import { OPEN_HOLD_LIMITS } from './hold-limits';

// Runs on the real PostgreSQL (TEST_DATABASE_URL): row locks and atomic updates are what is under test,
// and PGlite's single connection would serialise everything anyway.
const url = postgresTestUrl();

describe.skipIf(!url)('concurrent submits on PostgreSQL', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(() => {
    ({ db, close } = createPrismaClient({ kind: 'postgres', url: url! }));
  });
  afterAll(() => close?.());

  const opts = { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false };

  it('20 simultaneous unpaid submits for a type with 3 free units: exactly 2 take distinct units, the others wait without one, the last unit stays free', async () => {
    const type = await db.unitType.findUniqueOrThrow({ where: { code: 'm1cc' } });
    const free = await db.unit.findMany({ where: { unitTypeId: type.id, status: 'available' }, orderBy: { number: 'asc' } });
    // Leave exactly 3 free units of the type.
    await asFixture(() => db.unit.updateMany({ where: { id: { in: free.slice(3).map((u) => u.id) } }, data: { status: 'maintenance' } }));

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createBooking(db, completeDraft({ unitTypeCode: 'm1cc', paymentMethod: 'cash', contact: { ...completeDraft().contact, email: `c${i}@example.com` } }), opts),
      ),
    );
    // Unpaid holds never take the last free unit (docs/product-rules.md#holds): past that they are booked without one.
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    const bookings = await db.booking.findMany({ where: { unitTypeId: type.id } });
    expect(bookings).toHaveLength(20);
    const withUnit = bookings.filter((b) => b.unitId);
    expect(withUnit).toHaveLength(2);
    expect(new Set(withUnit.map((b) => b.unitId)).size).toBe(2);
    expect(await db.unit.count({ where: { unitTypeId: type.id, status: 'available', currentBookingId: null } })).toBe(1);
    const held = await db.unit.findMany({ where: { unitTypeId: type.id, status: 'reserved' } });
    expect(held.map((u) => u.currentBookingId).sort()).toEqual(withUnit.map((b) => b.id).sort());
  });

  it('a promo with 2 uses left is used exactly twice under 10 concurrent submits', async () => {
    await db.promoCode.create({
      data: { code: 'TWOLEFT', validFrom: new Date('2025-01-01'), maxUses: 5, currentUses: 3, discountType: 'percentage', discountValue: 5, description: { en: 'Two left' } },
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createBooking(db, completeDraft({ unitTypeCode: 's', promoCode: 'TWOLEFT', paymentMethod: 'cash', contact: { ...completeDraft().contact, email: `p${i}@example.com` } }), opts),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error === 'validation')).toBe(true);
    expect((await db.promoCode.findUniqueOrThrow({ where: { code: 'TWOLEFT' } })).currentUses).toBe(5);
    const promo = await db.promoCode.findUniqueOrThrow({ where: { code: 'TWOLEFT' }, include: { bookings: true } });
    expect(promo.bookings).toHaveLength(2);
  });

  it('the same idempotency key submitted 5 times at once makes one booking', async () => {
    const draft = completeDraft({ unitTypeCode: 's', paymentMethod: 'cash' });
    const results = await Promise.all(Array.from({ length: 5 }, () => createBooking(db, draft, opts)));
    const ids = new Set(results.map((r) => (r.ok ? r.bookingId : r.error)));
    expect(ids.size).toBe(1);
    expect(await db.booking.count({ where: { idempotencyKey: draft.idempotencyKey } })).toBe(1);
  });
  // The booking is written before the person's lock is taken (lib/booking/reserve.ts): the count under the lock must
  // still see every other submit of the device that committed first, and not count its own booking.
  it(`8 simultaneous unpaid submits from one device with different emails: exactly ${OPEN_HOLD_LIMITS.device} are held, the rest are refused`, async () => {
    const deviceKey = `device-${crypto.randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'cash' }), { ...opts, requester: { deviceKey } })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(OPEN_HOLD_LIMITS.device);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error)).toEqual(Array(8 - OPEN_HOLD_LIMITS.device).fill('open_hold'));
    expect(await db.booking.count({ where: { deviceKey, status: 'reserved' } })).toBe(OPEN_HOLD_LIMITS.device);
  });
});
