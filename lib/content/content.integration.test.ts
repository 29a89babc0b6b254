import { afterAll, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '@/test/db';
import en from '@/messages/en.json';

const test = vi.hoisted(() => ({ db: null as unknown }));
vi.mock('@/lib/db', () => ({
  get db() {
    return test.db;
  },
}));

const { db, close } = await openTestDb();
test.db = db;
const { checkOverride, exportCsvFor, reviewOverride, saveOverride, saveSetting } = await import('./content').then(async (m) => ({ ...m, exportCsvFor: (await import('@/lib/admin/export')).exportCsv }));
const { withOverrides } = await import('@/lib/i18n/overrides');
const { getSettings } = await import('@/lib/settings');
afterAll(() => close());

const actor = { id: 'admin-1', email: 'admin@example.test' };

describe('translation overrides', () => {
  it('refuse unknown keys, lost placeholders and broken syntax', () => {
    expect(() => checkOverride('en', 'units.nope', 'x')).toThrow('unknown_key');
    expect(() => checkOverride('en', 'units.fromPerMonth', 'From a low price')).toThrow('placeholders');
    expect(() => checkOverride('en', 'units.fromPerMonth', 'From {price/month')).toThrow();
    expect(() => checkOverride('th', 'units.fromPerMonth', 'เริ่มต้น {price} ต่อเดือน')).not.toThrow();
  });

  // The wizard formats its texts in the browser with a compiler of its own (lib/i18n/compiled-format.ts): a text it
  // could not read the same way is refused when saved, not shown as its key to a customer.
  it("refuse a placeholder that changes kind, and ICU the wizard's compiler cannot read", () => {
    const months = en.booking.terms.months;
    expect(months).toMatch(/\{count, plural,/);
    expect(() => checkOverride('en', 'booking.terms.months', '{count, plural, offset:1 one {# month} other {# months}}')).toThrow('syntax');
    expect(() => checkOverride('en', 'booking.terms.months', '{count, date, short}')).toThrow('placeholders');
    expect(() => checkOverride('en', 'booking.terms.months', '{count} months')).toThrow('placeholders');
    expect(() => checkOverride('ru', 'booking.terms.months', '{count, plural, one {# мес.} few {# мес.} many {# мес.} other {# мес.}}')).not.toThrow();
  });

  it('replace the text on the site only once approved, and stop when withdrawn', async () => {
    await saveOverride(db, actor, { locale: 'en', key: 'units.fromPerMonth', value: 'Only {price} a month' });
    expect((await withOverrides(en, 'en')).units.fromPerMonth).toBe(en.units.fromPerMonth);
    const row = await db.translationOverride.findFirstOrThrow({ where: { key: 'units.fromPerMonth' } });
    await reviewOverride(db, actor, { id: row.id, op: 'approve' });
    const messages = await withOverrides(en, 'en');
    expect(messages.units.fromPerMonth).toBe('Only {price} a month');
    expect(en.units.fromPerMonth).not.toBe('Only {price} a month');
    await reviewOverride(db, actor, { id: row.id, op: 'withdraw' });
    expect((await withOverrides(en, 'en')).units.fromPerMonth).toBe(en.units.fromPerMonth);
    expect((await db.auditLog.findMany({ where: { entity: 'translationOverride' } })).map((a) => a.action)).toEqual(['translation.save', 'translation.approve', 'translation.withdraw']);
  });
});

describe('settings', () => {
  it('validate a whole group before saving it', async () => {
    await expect(saveSetting(db, actor, 'cryptoRates', { thbPerUsd: -1, usdPerBtc: 60000, updatedAt: '2026-11-23' })).rejects.toMatchObject({ code: 'invalid_setting' });
    await saveSetting(db, actor, 'promptpay', { id: '0812345678' });
    expect((await db.setting.findUniqueOrThrow({ where: { key: 'promptpay' } })).value).toEqual({ id: '0812345678' });
    // A bill-payment biller ID is 15 digits (tax ID + bank suffix) or empty (docs/product-rules.md#thai-money).
    await expect(saveSetting(db, actor, 'promptpay', { id: '0812345678', billerId: '0105561012345' })).rejects.toMatchObject({ code: 'invalid_setting' });
    await saveSetting(db, actor, 'promptpay', { id: '0812345678', accountName: '', billerId: '010556101234501' });
    expect((await getSettings(db, ['promptpay'])).promptpay).toMatchObject({ id: '0812345678', accountName: 'Phuket Self Storage Co., Ltd.', billerId: '010556101234501' });
  });
});

describe('CSV exports', () => {
  it('write exact baht amounts and neutralise spreadsheet formulas', async () => {
    const { createBooking } = await import('@/lib/booking/create-booking');
    const { completeDraft, TEST_NOW } = await import('@/test/fixtures/booking-drafts');
    const draft = completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival', contact: { ...completeDraft().contact, lastName: '=HYPERLINK("x")' } });
    const r = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(r.error);
    const booking = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    const csv = await exportCsvFor(db, 'bookings', { from: '2026-11-22', to: '2026-11-22' });
    expect(csv.startsWith('\ufeffreference,created_at,status')).toBe(true);
    const line = csv.split('\n').find((l) => l.startsWith(booking.reference))!;
    expect(line).toContain(`${booking.totalDueToday / 100}.00`);
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
    expect(await exportCsvFor(db, 'bookings', { from: '2026-11-23' })).not.toContain(booking.reference);
  });
});
