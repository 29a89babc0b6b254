import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { recordWizardStart } from '@/lib/analytics/wizard-starts';
import { arrearsByAge, conversionTrend, occupancyTrend, revenueTrend } from './dashboard';
import { suggestionInputs, waitingByType } from '@/lib/catalog/demand';
import { applyRateSuggestion } from '@/lib/catalog/apply-rate-suggestion';
import { CatalogFailure } from '@/lib/catalog/failure';
import { suggestRate } from '@/lib/catalog/rate-suggestions';

const { db, close } = await openTestDb();
afterAll(close);

// Far from the seed and any real date: the trend windows hold only the rows this file writes.
const NOW = new Date('2036-06-15T05:00:00.000Z'); // 12:00 in Bangkok
const bkk = (s: string) => new Date(`${s}+07:00`);
const day = (s: string) => new Date(`${s}T00:00:00.000Z`);
const actor = { id: 'admin-1', email: 'admin@example.test' };
const texts = { en: 'Trend', th: 'Trend', ru: 'Trend' };
let seq = 0;

async function unitType(code: string, units: ('available' | 'reserved' | 'occupied')[]) {
  const t = await db.unitType.create({ data: { code, category: 'indoor', sizeRank: 90 + seq, displayOrder: 90 + seq, name: texts, description: texts, dimensions: '1x1', baseRate: 100_000, features: { en: [], th: [], ru: [] } } });
  const made = [];
  for (const [i, status] of units.entries()) made.push(await db.unit.create({ data: { number: `${code.toUpperCase()}-${i + 1}`, unitTypeId: t.id, status, createdAt: bkk('2034-01-01T09:00:00') } }));
  return { type: t, units: made };
}

async function booking(unitTypeId: string, unitId: string | null, data: { status: 'active' | 'ended' | 'cancelled' | 'expired' | 'confirmed'; startDate: string; createdAt: Date; endedAt?: Date; movedInAt?: Date; rentRate?: number }) {
  seq++;
  const customer = await db.customer.create({ data: { type: 'individual', firstName: 'Trend', lastName: `T${seq}`, email: `trend${seq}@example.test`, phone: '+66800000000', address: 'Phuket' } });
  return db.booking.create({
    data: {
      reference: `BF2-TR${String(seq).padStart(6, '0')}`, idempotencyKey: `trend-${seq}`, customerId: customer.id, unitTypeId, unitId, paymentMethod: 'cash', customerType: 'individual',
      startDate: day(data.startDate), term: 'm2m', months: 1, monthlyRate: data.rentRate ?? 100_000, rentRate: data.rentRate ?? 100_000, quote: {}, totalDueToday: 100_000,
      agreementSignature: 'T', agreementSignedAt: data.createdAt, agreementText: 'agreement', status: data.status, createdAt: data.createdAt, endedAt: data.endedAt, movedInAt: data.movedInAt,
    },
  });
}

let tr: Awaited<ReturnType<typeof unitType>>;
let active: Awaited<ReturnType<typeof booking>>;

beforeAll(async () => {
  tr = await unitType('tr', ['occupied', 'occupied', 'reserved', 'available']);
  active = await booking(tr.type.id, tr.units[0].id, { status: 'active', startDate: '2035-09-01', createdAt: bkk('2036-05-02T10:00:00'), movedInAt: bkk('2036-05-03T10:00:00') });
  await booking(tr.type.id, tr.units[1].id, { status: 'ended', startDate: '2035-07-10', createdAt: bkk('2036-05-31T23:00:00'), endedAt: bkk('2035-12-15T10:00:00') });
  await booking(tr.type.id, tr.units[2].id, { status: 'cancelled', startDate: '2035-07-01', createdAt: bkk('2035-06-20T10:00:00') });
  await booking(tr.type.id, null, { status: 'expired', startDate: '2036-05-10', createdAt: bkk('2036-05-09T10:00:00') });

  const pay = (amountSatang: number, paidAt: Date, status: 'paid' | 'failed' = 'paid') => db.payment.create({ data: { bookingId: active.id, method: 'cash', provider: 'cash', status, amountSatang, paidAt } });
  await pay(500_000, bkk('2036-05-03T10:00:00'));
  await pay(99_900, bkk('2036-05-04T10:00:00'), 'failed');
  await pay(300_000, bkk('2035-05-31T20:00:00')); // a year before: May 2035
  await pay(200_000, bkk('2036-04-01T00:30:00')); // still 31 March in UTC: April in Bangkok
  await db.refund.create({ data: { bookingId: active.id, provider: 'cash', reason: 'goodwill', amountSatang: 100_000, createdAt: bkk('2036-05-20T10:00:00') } });
  await db.refund.create({ data: { bookingId: active.id, provider: 'cash', reason: 'goodwill', amountSatang: 55_500, status: 'failed', createdAt: bkk('2036-05-21T10:00:00') } });

  let n = 0;
  const invoice = (due: string, totalSatang: number, status: 'open' | 'paid' = 'open') => db.invoice.create({ data: { number: `TR-${++n}`, bookingId: active.id, totalSatang, status, dueAt: bkk(`${due}T10:00:00`) } });
  await invoice('2036-06-05', 1_000); // 10 days
  await invoice('2036-06-04', 2_000); // 11 days
  await invoice('2036-05-16', 3_000); // 30 days
  await invoice('2036-05-15', 4_000); // 31 days
  await invoice('2036-04-16', 5_000); // 60 days
  await invoice('2036-04-15', 6_000); // 61 days
  await invoice('2036-03-01', 7_000, 'paid');
  await invoice('2036-06-20', 8_000); // not yet due

  await db.wizardStartDay.createMany({ data: [{ day: day('2036-05-01'), count: 7 }, { day: day('2036-05-31'), count: 3 }, { day: day('2035-06-30'), count: 50 }] });
  await recordWizardStart(db, NOW);
  await recordWizardStart(db, new Date('2036-06-14T17:30:00.000Z')); // 00:30 on 15 June in Bangkok

  const waiting = (email: string, confirmedAt: Date | null) => db.waitingListEntry.create({ data: { unitTypeId: tr.type.id, name: 'W', email, confirmedAt } });
  await waiting('w1@example.test', NOW);
  await waiting('w2@example.test', NOW);
  await waiting('w3@example.test', null); // never confirmed: not on the list
});

describe('dashboard trends', () => {
  it('occupancy per type at each month end over 12 Bangkok months', async () => {
    const t = await occupancyTrend(db, NOW);
    expect(t.months[0]).toBe('2035-07-01');
    expect(t.months[11]).toBe('2036-06-01');
    // 4 units: the ended rental counts July to November, the active one from September; a cancelled one never.
    // This month is today's occupancy as the table beside the chart counts it: 2 occupied + 1 reserved of 4.
    expect(t.types.find((x) => x.code === 'tr')!.pct).toEqual([25, 25, 50, 50, 50, 25, 25, 25, 25, 25, 25, 75]);
  });

  it('revenue per Bangkok month, net of refunds, against the year before', async () => {
    const r = await revenueTrend(db, NOW);
    expect(r.months[10]).toBe('2036-05-01');
    expect(r.current[10]).toBe(400_000);
    expect(r.current[9]).toBe(200_000);
    expect(r.current[8]).toBe(0);
    expect(r.previous[10]).toBe(300_000);
    expect(r.current.reduce((a, b) => a + b, 0)).toBe(600_000);
  });

  it('arrears by days overdue', async () => {
    expect(await arrearsByAge(db, NOW)).toEqual([
      { bucket: '0-10', invoices: 1, satang: 1_000 },
      { bucket: '11-30', invoices: 2, satang: 5_000 },
      { bucket: '31-60', invoices: 2, satang: 9_000 },
      { bucket: '60+', invoices: 1, satang: 6_000 },
    ]);
  });

  it('conversion from wizard start to booking to move-in', async () => {
    const c = await conversionTrend(db, NOW);
    expect([c.starts[10], c.bookings[10], c.movedIn[10]]).toEqual([10, 2, 1]);
    expect([c.starts[11], c.bookings[11], c.movedIn[11]]).toEqual([2, 0, 0]);
    expect(c.starts.reduce((a, b) => a + b, 0)).toBe(12);
  });

  it('waiting-list demand counts confirmed and unconfirmed entries per type', async () => {
    // The one who never pressed the email's link is counted apart, so the chart shows what the list holds.
    expect((await waitingByType(db)).find((w) => w.code === 'tr')).toMatchObject({ waiting: 2, unconfirmed: 1 });
  });
});

describe('applying a rate suggestion', () => {
  it('raises the list price of a full type with people waiting and gives its tenant 30 days notice', async () => {
    const tf = await unitType('tf', ['occupied', 'occupied']);
    const tenant = await booking(tf.type.id, tf.units[0].id, { status: 'active', startDate: '2036-03-01', createdAt: bkk('2036-02-20T10:00:00') });
    for (const e of ['f1', 'f2', 'f3']) await db.waitingListEntry.create({ data: { unitTypeId: tf.type.id, name: 'W', email: `${e}@example.test`, confirmedAt: NOW } });
    const input = (await suggestionInputs(db, NOW)).find((t) => t.code === 'tf')!;
    expect(input.input).toMatchObject({ totalUnits: 2, takenUnits: 2, waiting: 3 });
    expect(suggestRate(input.input)).toEqual({ kind: 'raise', newRate: 110_000, reason: 'full_with_waiting', occupancyPct: 100 });

    await expect(applyRateSuggestion(db, actor, 'tf', { kind: 'raise', rate: 105_000 }, NOW)).rejects.toBeInstanceOf(CatalogFailure);
    expect((await db.unitType.findUniqueOrThrow({ where: { code: 'tf' } })).baseRate).toBe(100_000);

    const r = await applyRateSuggestion(db, actor, 'tf', { kind: 'raise', rate: 110_000 }, NOW);
    expect(r.scheduled).toBe(1);
    expect((await db.unitType.findUniqueOrThrow({ where: { code: 'tf' } })).baseRate).toBe(110_000);
    const change = await db.rentChange.findFirstOrThrow({ where: { bookingId: tenant.id } });
    // 15 June + 30 days = 15 July: the first billing date on or after it is 1 August.
    expect(change).toMatchObject({ oldRate: 100_000, newRate: 110_000, effectiveFrom: day('2036-08-01') });
    expect(await db.emailMessage.count({ where: { dedupeKey: `rent_change:${change.id}` } })).toBe(1);
  });

  it('starts a 30-day promotion for a half-empty type nobody waits for', async () => {
    await unitType('te', ['occupied', 'available', 'available']);
    await applyRateSuggestion(db, actor, 'te', { kind: 'promotion', rate: 85_000 }, NOW);
    expect(await db.unitType.findUniqueOrThrow({ where: { code: 'te' } })).toMatchObject({ baseRate: 100_000, promoRate: 85_000, promotionActive: true, promotionEndsAt: new Date('2036-07-15T05:00:00.000Z') });
  });
});
