import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import { expectedInSatang, WORKED_EXAMPLES, type WorkedExample } from '@/test/fixtures/worked-examples';
import { example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { quoteFromSearchParams } from '@/lib/quote-api/parse';
import { priceDraft, type DraftChoices } from './price-draft';
import { createBooking } from './create-booking';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await openTestDb()));
afterAll(() => close());

const choices = (e: WorkedExample): DraftChoices => ({ ...e.choices, insuranceMonthly: e.choices.insuranceBaht * 100 });
const opts = { now: TEST_NOW, locale: 'en' as const };

describe('priceDraft', () => {
  it.each(WORKED_EXAMPLES)('prices worked example $name with the live data', async (example) => {
    const r = await priceDraft(db, choices(example), opts);
    if (!r.ok) throw new Error(r.error);
    expect(r.quote).toMatchObject(expectedInSatang(example));
    expect(r.monthlyRate).toBe(example.monthlyRateBaht * 100);
  });

  it('names the supply lines in the reader’s language and keeps the promo record for the booking', async () => {
    const r = await priceDraft(db, choices(WORKED_EXAMPLES[1]), { now: TEST_NOW, locale: 'th' });
    if (!r.ok) throw new Error(r.error);
    expect(r.promo).toMatchObject({ code: 'WELCOME10' });
    expect(r.promo?.id).toEqual(expect.any(String));
    expect(r.supplies.map((s) => [s.id, s.quantity, s.lineTotal])).toEqual([['lock', 1, 35_000], ['box_medium', 2, 60_000]]);
    expect(r.supplies[0].label).not.toBe('lock');
  });

  it('refuses what cannot be sold: an unknown unit type, a bad promo, an item off sale', async () => {
    const base = choices(WORKED_EXAMPLES[1]);
    expect(await priceDraft(db, { ...base, unitTypeCode: 'zz' }, opts)).toEqual({ ok: false, error: 'unknown_unit' });
    expect(await priceDraft(db, { ...base, promoCode: 'EXPIRED15' }, opts)).toEqual({ ok: false, error: 'invalid_promo', reason: 'expired' });
    await db.supplyItem.update({ where: { id: 'box_medium' }, data: { isActive: false } });
    try {
      expect(await priceDraft(db, base, opts)).toEqual({ ok: false, error: 'supply_not_sold', supplyId: 'box_medium' });
      // The booking and the quote API refuse it alike.
      expect((await quoteFromSearchParams(db, new URLSearchParams('unit=l&term=12m&insurance=0&customer=business&payment=cash&supplies=box_medium:2'), TEST_NOW)).status).toBe(400);
      expect(await createBooking(db, example2(), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false })).toMatchObject({ ok: false, error: 'validation' });
    } finally {
      await db.supplyItem.update({ where: { id: 'box_medium' }, data: { isActive: true } });
    }
  });
});
