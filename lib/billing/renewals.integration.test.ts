// Month two onwards, through the renewals step alone (lib/billing/renewals.ts;
// docs/product-rules.md#invoices-billing-and-delinquency): which rentals get an invoice for which period, what the
// invoice says, the audit rows and queued emails it writes, and what happens when something changes while the job
// runs (the transaction re-checks) or a batch collides on a unique key (the rest are issued one at a time).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { settlePayment } from '@/lib/payments/ledger/settle';
import { issueDueRenewals } from './renewals';
import { asFixture } from '@/lib/db/status-writes';

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-renewals-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
  const type = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  await db.unit.createMany({ data: Array.from({ length: 70 }, (_, i) => ({ number: `S-R${i}`, unitTypeId: type.id, status: 'available' as const })) });
});
// Each test's rentals end with it, so the next test's runs see only its own.
afterEach(async () => {
  await asFixture(() => db.booking.updateMany({ where: { status: { in: ['confirmed', 'active'] } }, data: { status: 'ended' } }));
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A Bangkok wall-clock time, e.g. at('2027-03-08 00:05'). */
const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+07:00`);
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

interface RentalOptions {
  /** the first day of the prepaid term */
  start: string;
  months?: number;
  locale?: 'en' | 'th' | 'ru';
  customerLocale?: string;
  status?: 'confirmed' | 'active' | 'cancelled' | 'ended' | 'reserved';
  rate?: number;
  insurance?: number;
  business?: boolean;
  paidThroughMonths?: number | null;
  moveOut?: string | null;
  delinquency?: 'current' | 'defaulted';
  withoutUnit?: boolean;
}

/** A paid rental of an S unit, then set to the state the test needs (its start, term, rate, insurance…). */
async function rental(o: RentalOptions) {
  const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: o.locale ?? 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  const first = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
  await db.$transaction((tx) => settlePayment(tx, first.id, { now: TEST_NOW }));
  const booking = await asFixture(() => db.booking.update({
    where: { id: r.bookingId },
    data: {
      startDate: day(o.start),
      months: o.months ?? 1,
      status: o.status ?? 'active',
      rentRate: o.rate ?? 1_400_00,
      insuranceMonthly: o.insurance ?? 0,
      customerType: o.business ? 'business' : 'individual',
      paidThroughMonths: o.paidThroughMonths ?? null,
      moveOutDate: o.moveOut ? day(o.moveOut) : null,
      delinquency: o.delinquency ?? 'current',
      ...(o.withoutUnit ? { unitId: null } : {}),
    },
    include: { customer: true, unit: true },
  }));
  if (o.business || o.customerLocale !== undefined) {
    await db.customer.update({
      where: { id: booking.customerId },
      data: { ...(o.business ? { type: 'business' as const, companyName: 'Andaman Trading Co., Ltd.', taxId: '0105551234567' } : {}), ...(o.customerLocale !== undefined ? { locale: o.customerLocale } : {}) },
    });
  }
  return { id: booking.id, email: booking.customer.email, unit: booking.unit?.number ?? null };
}

const renewals = (bookingId: string) =>
  db.invoice.findMany({ where: { bookingId, kind: 'renewal' }, include: { lines: { orderBy: { position: 'asc' } } }, orderBy: { periodStart: 'asc' } });
const periods = async (bookingId: string) => (await renewals(bookingId)).map((i) => i.periodStart?.toISOString().slice(0, 10));
/** The next invoice number of a year, as the counter will hand it out. */
async function nextNumber(year: number, plus = 0) {
  const c = await db.documentCounter.findUnique({ where: { series_year: { series: 'INV', year } } });
  return `INV-${year}-${String((c?.last ?? 0) + 1 + plus).padStart(6, '0')}`;
}

/**
 * The database as the step sees it, with `hook` run just before its first transaction: what staff or the customer
 * change between the step's first read and its lock (the transaction re-checks), or a transaction that fails.
 */
function duringRun(hook: (call: number) => Promise<void>): Db {
  let calls = 0;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === '$transaction') {
        return async (...args: unknown[]) => {
          await hook(++calls);
          return (target.$transaction as (...a: unknown[]) => Promise<unknown>)(...args);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** What the step queued for an invoice: the outbox row its email.deliver task composes and delivers. */
const emailFor = (invoiceId: string) => db.emailMessage.findUnique({ where: { dedupeKey: `invoice_issued:${invoiceId}` } });
const NONE = { issued: [], emailsQueued: 0 };

describe('the renewals step', () => {
  it('issues the month after the prepaid term 7 days ahead, due on its billing date: lines, audit row, queued email; once', async () => {
    const r = await rental({ start: '2027-01-10', insurance: 300_00 });
    expect(await issueDueRenewals(db, at('2027-02-02 23:55'))).toEqual(NONE);
    const number = await nextNumber(2027);
    expect(await issueDueRenewals(db, at('2027-02-03 00:05'))).toEqual({ issued: [number], emailsQueued: 1 });
    const [invoice, ...more] = await renewals(r.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      number,
      status: 'open',
      issuedAt: at('2027-02-03 00:05'),
      dueAt: at('2027-02-10 00:00'),
      periodStart: day('2027-02-10'),
      periodEnd: day('2027-03-09'),
      totalSatang: 1_700_00,
      vatSatang: 111_00,
      dedupeKey: `renewal:${r.id}:2027-02-10`,
      buyer: { name: 'Anna Test', type: 'individual', email: r.email, address: '1 Beach Road, Phuket' },
      seller: { legalName: 'Phuket Self Storage Co., Ltd.', taxId: '0835561012340' },
    });
    expect(invoice.lines.map(({ kind, description, quantity, unitSatang, amountSatang }) => ({ kind, description, quantity, unitSatang, amountSatang }))).toEqual([
      { kind: 'rent', description: 'Rent Small Unit S-01, Wednesday, 10 February 2027 – Tuesday, 9 March 2027', quantity: 1, unitSatang: 1_400_00, amountSatang: 1_400_00 },
      { kind: 'insurance', description: 'Insurance, one month', quantity: 1, unitSatang: 300_00, amountSatang: 300_00 },
    ]);
    const audits = await db.auditLog.findMany({ where: { entityId: invoice.id } });
    expect(audits).toEqual([
      expect.objectContaining({ actorId: null, action: 'invoice.issue_renewal', entity: 'invoice', data: expect.objectContaining({ after: { number, bookingId: r.id, period: '2027-02-10', totalSatang: 1_700_00 } }) }),
    ]);
    expect(await emailFor(invoice.id)).toMatchObject({ template: 'invoice_issued', locale: 'en', toAddress: r.email, bookingId: r.id, status: 'pending' });
    // The same minute again, and later that month: the period is invoiced once.
    expect(await issueDueRenewals(db, at('2027-02-03 00:05'))).toEqual(NONE);
    expect(await issueDueRenewals(db, at('2027-03-02 12:00'))).toEqual(NONE);
    expect(await periods(r.id)).toEqual(['2027-02-10']);
    expect(await db.emailMessage.count({ where: { bookingId: r.id, template: 'invoice_issued' } })).toBe(1);
  });

  it('renews confirmed and active rentals only, and not one in default', async () => {
    const confirmed = await rental({ start: '2027-01-10', status: 'confirmed' });
    const active = await rental({ start: '2027-01-10', status: 'active' });
    const others = [
      await rental({ start: '2027-01-10', status: 'reserved' }),
      await rental({ start: '2027-01-10', status: 'cancelled' }),
      await rental({ start: '2027-01-10', status: 'ended' }),
      await rental({ start: '2027-01-10', status: 'active', delinquency: 'defaulted' }),
    ];
    const out = await issueDueRenewals(db, at('2027-02-03 00:05'));
    expect(out.issued).toHaveLength(2);
    expect(await periods(confirmed.id)).toEqual(['2027-02-10']);
    expect(await periods(active.id)).toEqual(['2027-02-10']);
    for (const o of others) expect(await periods(o.id)).toEqual([]);
  });

  it('catches up every period since the last run, oldest first, with consecutive numbers', async () => {
    const r = await rental({ start: '2027-01-10' });
    const first = [await nextNumber(2027), await nextNumber(2027, 1), await nextNumber(2027, 2)];
    expect(await issueDueRenewals(db, at('2027-04-03 00:05'))).toEqual({ issued: first, emailsQueued: 3 });
    const invoices = await renewals(r.id);
    expect(invoices.map((i) => [i.number, i.periodStart, i.periodEnd, i.dueAt])).toEqual([
      [first[0], day('2027-02-10'), day('2027-03-09'), at('2027-02-10 00:00')],
      [first[1], day('2027-03-10'), day('2027-04-09'), at('2027-03-10 00:00')],
      [first[2], day('2027-04-10'), day('2027-05-09'), at('2027-04-10 00:00')],
    ]);
  });

  it('skips the months paid ahead exactly up to the last one, then invoices the next', async () => {
    // A 1-month term from 10 January with two more months paid ahead: paid through 9 April.
    const r = await rental({ start: '2027-01-10', paidThroughMonths: 3 });
    expect(await issueDueRenewals(db, at('2027-04-02 23:55'))).toEqual(NONE);
    expect((await issueDueRenewals(db, at('2027-04-03 00:05'))).issued).toHaveLength(1);
    expect(await periods(r.id)).toEqual(['2027-04-10']);
  });

  it('a notice to vacate: the period starting on the move-out day is invoiced, none after it', async () => {
    const onTheDay = await rental({ start: '2027-01-10', moveOut: '2027-03-10' });
    const dayBefore = await rental({ start: '2027-01-10', moveOut: '2027-03-09' });
    const later = await rental({ start: '2027-01-10', moveOut: '2027-12-31' });
    await issueDueRenewals(db, at('2027-05-01 10:00'));
    expect(await periods(onTheDay.id)).toEqual(['2027-02-10', '2027-03-10']);
    expect(await periods(dayBefore.id)).toEqual(['2027-02-10']);
    expect(await periods(later.id)).toEqual(['2027-02-10', '2027-03-10', '2027-04-10']);
  });

  it('a business in Thai: the unit type in Thai, withholding 5/107 of the rent deducted, no insurance line; the email in the customer’s language', async () => {
    const r = await rental({ start: '2027-01-10', locale: 'th', customerLocale: 'ru', business: true });
    await issueDueRenewals(db, at('2027-02-03 00:05'));
    const [invoice] = await renewals(r.id);
    // 1,400 rent: VAT included 1,400 × 7/107 = 91.59 → 92; withholding 1,400 × 5/107 = 65.42 → 65.
    expect(invoice).toMatchObject({ totalSatang: 1_335_00, vatSatang: 92_00, buyer: { name: 'Andaman Trading Co., Ltd.', type: 'business', taxId: '0105551234567' } });
    expect(invoice.lines.map(({ kind, description, unitSatang, amountSatang }) => ({ kind, description, unitSatang, amountSatang }))).toEqual([
      { kind: 'rent', description: `ค่าเช่า ห้องเก็บของขนาดเล็ก ${r.unit} ช่วง วันพุธที่ 10 กุมภาพันธ์ 2570 – วันอังคารที่ 9 มีนาคม 2570`, unitSatang: 1_400_00, amountSatang: 1_400_00 },
      { kind: 'withholding_tax', description: 'ภาษีหัก ณ ที่จ่าย 5%', unitSatang: -65_00, amountSatang: -65_00 },
    ]);
    expect(await emailFor(invoice.id)).toMatchObject({ locale: 'ru', toAddress: r.email });
  });

  it('without a unit and without a name in the rental’s language: the unit type’s code; the email in the rental’s language', async () => {
    const type = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
    const r = await rental({ start: '2027-01-10', locale: 'ru', customerLocale: '', withoutUnit: true, insurance: 300_00 });
    await db.unitType.update({ where: { code: 's' }, data: { name: { th: 'ห้องเก็บของขนาดเล็ก' } } });
    try {
      await issueDueRenewals(db, at('2027-02-03 00:05'));
    } finally {
      await db.unitType.update({ where: { code: 's' }, data: { name: type.name as object } });
    }
    const [invoice] = await renewals(r.id);
    expect(invoice.lines.map((l) => l.description)).toEqual(['Аренда S, среда, 10 февраля 2027 г. – вторник, 9 марта 2027 г.', 'Страховка, один месяц']);
    expect(await emailFor(invoice.id)).toMatchObject({ locale: 'ru', toAddress: r.email });
  });

  it('bills the latest pending rent change effective by the period start; not a later, cancelled or applied one', async () => {
    const r = await rental({ start: '2027-01-10', rate: 1_400_00 });
    const change = (effective: string, newRate: number, extra: { cancelledAt?: Date; appliedAt?: Date } = {}) => ({ bookingId: r.id, oldRate: 1_400_00, newRate, effectiveFrom: day(effective), noticeSentAt: TEST_NOW, ...extra });
    await db.rentChange.createMany({
      data: [
        change('2027-01-20', 1_450_00),
        change('2027-02-10', 1_500_00),
        change('2027-02-11', 2_000_00),
        change('2027-02-09', 1_900_00, { cancelledAt: TEST_NOW }),
        change('2027-02-10', 1_800_00, { appliedAt: TEST_NOW }),
      ],
    });
    await issueDueRenewals(db, at('2027-02-03 00:05'));
    const [invoice] = await renewals(r.id);
    expect(invoice.totalSatang).toBe(1_500_00);
    expect(invoice.lines[0]).toMatchObject({ kind: 'rent', unitSatang: 1_500_00, amountSatang: 1_500_00 });
    // The next period: the 2,000 change of 11 February is effective by 10 March.
    await issueDueRenewals(db, at('2027-03-03 00:05'));
    expect((await renewals(r.id)).map((i) => i.totalSatang)).toEqual([1_500_00, 2_000_00]);
  });

  it('a period already invoiced under another key is not invoiced again; an old renewal without a period does not stop the job', async () => {
    const staffIssued = await rental({ start: '2027-01-10' });
    const sameKeyOtherKind = await rental({ start: '2027-01-10' });
    const legacy = await rental({ start: '2027-01-10' });
    const invoice = (bookingId: string, number: string, kind: 'renewal' | 'fee', periodStart: Date | null, dedupeKey: string | null) =>
      db.invoice.create({ data: { number, bookingId, kind, issuedAt: TEST_NOW, dueAt: null, periodStart, totalSatang: 1_400_00, vatSatang: 92_00, dedupeKey, seller: {}, buyer: {} } });
    await invoice(staffIssued.id, 'INV-OLD-1', 'renewal', day('2027-02-10'), null);
    // Not seen by the first read (another kind): the transaction's check by key still finds it.
    await invoice(sameKeyOtherKind.id, 'INV-OLD-2', 'fee', day('2027-02-10'), `renewal:${sameKeyOtherKind.id}:2027-02-10`);
    await invoice(legacy.id, 'INV-OLD-3', 'renewal', null, null);
    const out = await issueDueRenewals(db, at('2027-02-03 00:05'));
    expect(out.issued).toHaveLength(1);
    expect(await periods(staffIssued.id)).toEqual(['2027-02-10']);
    expect((await renewals(staffIssued.id)).map((i) => i.number)).toEqual(['INV-OLD-1']);
    expect(await db.invoice.count({ where: { bookingId: sameKeyOtherKind.id, periodStart: day('2027-02-10') } })).toBe(1);
    expect((await renewals(legacy.id)).map((i) => [i.number, i.periodStart])).toEqual([
      [out.issued[0], day('2027-02-10')],
      ['INV-OLD-3', null],
    ]);
  });

  it('re-checks in its transaction what changed since its first read: cancelled, notice given, months paid ahead, row gone', async () => {
    const cancelled = await rental({ start: '2027-01-10' });
    const notice = await rental({ start: '2027-01-10' });
    const prepaid = await rental({ start: '2027-01-10' });
    const gone = await rental({ start: '2027-01-10' });
    const untouched = await rental({ start: '2027-01-10' });
    // Three periods due for each at the first read (the job did not run since February). `gone` stands for a row the
    // lock query does not return (another server holds it: SKIP LOCKED), which one PGlite connection cannot stage.
    const step = duringRun(async (call) => {
      if (call !== 1) return;
      await asFixture(() => db.booking.update({ where: { id: cancelled.id }, data: { status: 'cancelled' } }));
      await db.booking.update({ where: { id: notice.id }, data: { moveOutDate: day('2027-03-10') } });
      await db.booking.update({ where: { id: prepaid.id }, data: { paidThroughMonths: 3 } });
      await db.unit.updateMany({ where: { currentBookingId: gone.id }, data: { currentBookingId: null } });
      await db.booking.delete({ where: { id: gone.id } });
    });
    const out = await issueDueRenewals(step, at('2027-04-03 00:05'));
    expect(out.issued).toHaveLength(3 + 2 + 1);
    expect(await periods(cancelled.id)).toEqual([]);
    expect(await periods(notice.id)).toEqual(['2027-02-10', '2027-03-10']);
    expect(await periods(prepaid.id)).toEqual(['2027-04-10']);
    expect(await periods(untouched.id)).toEqual(['2027-02-10', '2027-03-10', '2027-04-10']);
  });

  it('more than 50 due in one run: every one issued, numbers consecutive in the order returned', async () => {
    // One rental booked, then copied 54 times (no unit each: the unit type's name alone).
    const r = await rental({ start: '2027-01-10' });
    const row = await db.booking.findUniqueOrThrow({ where: { id: r.id } });
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = row;
    await db.booking.createMany({
      data: Array.from({ length: 54 }, (_, k) => ({ ...copy, quote: copy.quote as object, unitId: null, gatePinCipher: null, gatePinHash: null, reference: `BF2-RENEW${String(k).padStart(3, '0')}`, idempotencyKey: `${row.idempotencyKey}-${k}` })),
    });
    const from = Number((await nextNumber(2027)).slice(-6));
    const out = await issueDueRenewals(db, at('2027-02-03 00:05'));
    expect(out).toEqual({ issued: Array.from({ length: 55 }, (_, k) => `INV-2027-${String(from + k).padStart(6, '0')}`), emailsQueued: 55 });
    const invoices = await db.invoice.findMany({ where: { number: { in: out.issued } }, include: { lines: true } });
    expect(invoices).toHaveLength(55);
    expect(new Set(invoices.map((i) => i.bookingId)).size).toBe(55);
    expect(invoices.every((i) => i.periodStart?.getTime() === day('2027-02-10').getTime())).toBe(true);
    expect(invoices.filter((i) => i.bookingId !== r.id).map((i) => i.lines[0].description)).toEqual(Array(54).fill('Rent Small Unit, Wednesday, 10 February 2027 – Tuesday, 9 March 2027'));
    expect(await db.emailMessage.count({ where: { dedupeKey: { in: invoices.map((i) => `invoice_issued:${i.id}`) } } })).toBe(55);
    expect(await db.auditLog.count({ where: { action: 'invoice.issue_renewal', entityId: { in: invoices.map((i) => i.id) } } })).toBe(55);
    expect(await issueDueRenewals(db, at('2027-02-03 00:06'))).toEqual(NONE);
  });

  // A concurrent server committing the same period between this run's check and its insert cannot be staged on one
  // PGlite connection; a number already taken collides on the invoices' other unique key the same way (P2002).
  it('a batch that collides on a unique key: the rest are issued one at a time, the colliding one left for later', async () => {
    const rentals = [await rental({ start: '2027-01-10' }), await rental({ start: '2027-01-10' }), await rental({ start: '2027-01-10' })];
    const numbers = [await nextNumber(2027), await nextNumber(2027, 1), await nextNumber(2027, 2)];
    const squatter = await db.invoice.create({ data: { number: numbers[2], bookingId: rentals[0].id, kind: 'fee', issuedAt: TEST_NOW, dueAt: null, totalSatang: 100_00, vatSatang: 7_00, seller: {}, buyer: {} } });
    expect(await issueDueRenewals(db, at('2027-02-03 00:05'))).toEqual({ issued: numbers.slice(0, 2), emailsQueued: 2 });
    const issued = await db.invoice.findMany({ where: { kind: 'renewal', bookingId: { in: rentals.map((r) => r.id) } } });
    expect(issued.map((i) => i.number).sort()).toEqual(numbers.slice(0, 2));
    expect(await db.emailMessage.count({ where: { dedupeKey: { in: issued.map((i) => `invoice_issued:${i.id}`) } } })).toBe(2);
    await db.invoice.delete({ where: { id: squatter.id } });
    expect(await issueDueRenewals(db, at('2027-02-03 00:10'))).toEqual({ issued: [numbers[2]], emailsQueued: 1 });
    for (const r of rentals) expect(await periods(r.id)).toEqual(['2027-02-10']);
  });

  it('any other failure fails the run (the job is retried), in the batch or one at a time', async () => {
    const a = await rental({ start: '2027-01-10' });
    const b = await rental({ start: '2027-01-10' });
    const lost = (failing: number) => duringRun(async (call) => {
      if (call === failing) throw new Error('connection lost');
    });
    await expect(issueDueRenewals(lost(1), at('2027-02-03 00:05'))).rejects.toThrow('connection lost');
    expect([...(await periods(a.id)), ...(await periods(b.id))]).toEqual([]);
    // A collision sends the batch one at a time; the first of those then fails.
    const squatter = await db.invoice.create({ data: { number: await nextNumber(2027, 1), bookingId: a.id, kind: 'fee', issuedAt: TEST_NOW, dueAt: null, totalSatang: 100_00, vatSatang: 7_00, seller: {}, buyer: {} } });
    await expect(issueDueRenewals(lost(2), at('2027-02-03 00:05'))).rejects.toThrow('connection lost');
    await db.invoice.delete({ where: { id: squatter.id } });
    expect((await issueDueRenewals(db, at('2027-02-03 00:05'))).issued).toHaveLength(2);
  });
});
