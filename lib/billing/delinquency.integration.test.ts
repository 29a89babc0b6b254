// Unpaid rent, step by step (docs/product-rules.md#invoices-billing-and-delinquency), through the delinquency step
// alone: what each step writes (fee invoices, dates, audit rows, emails), for which rentals, and that a rental first
// seen far behind takes every step it has reached in one run. boundaries.integration.test.ts walks the same days
// through the whole job at 23:55 and 00:05.
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
import { issueInvoice, type InvoiceLineInput } from '@/lib/invoices/issue';
import { applyDelinquency } from './delinquency';
import { asFixture } from '@/lib/db/status-writes';

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-delinquency-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
  const type = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  await db.unit.createMany({ data: Array.from({ length: 20 }, (_, i) => ({ number: `S-D${i}`, unitTypeId: type.id, status: 'available' as const })) });
});
// Each test's rentals end with it, so the next test's runs count only its own.
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
const RENT: InvoiceLineInput = { kind: 'rent', description: 'Rent', quantity: 1, unitSatang: 1_400_00, amountSatang: 1_400_00 };
const INSURANCE: InvoiceLineInput = { kind: 'insurance', description: 'Insurance', quantity: 1, unitSatang: 300_00, amountSatang: 300_00 };

/** A confirmed rental with an open renewal of 1,400 rent + 300 insurance due on `due` (Bangkok midnight). */
async function behind(due: string, kind: 'renewal' | 'fee' = 'renewal') {
  const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  const first = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
  await db.$transaction((tx) => settlePayment(tx, first.id, { now: TEST_NOW }));
  const invoice = await db.$transaction((tx) => issueInvoice(tx, { bookingId: r.bookingId, kind, lines: [RENT, INSURANCE], vatSatang: 111_00, issuedAt: TEST_NOW, dueAt: at(`${due} 00:00`) }));
  const booking = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { customer: true } });
  return { id: r.bookingId, invoice, email: booking.customer.email };
}
const fees = (bookingId: string) => db.invoice.findMany({ where: { bookingId, kind: 'fee' }, include: { lines: true }, orderBy: { totalSatang: 'asc' } });
const emails = (to: string, template: string) => db.emailMessage.count({ where: { toAddress: to, template } });
const NOTHING = { lateFees: 0, suspended: 0, overlocked: 0, defaulted: 0 };

describe('the delinquency step', () => {
  it('day 11: a late fee of 10% of the rent (not the insurance), due today, audited and emailed; access suspended', async () => {
    const r = await behind('2027-02-25');
    expect(await applyDelinquency(db, at('2027-03-07 23:55'))).toEqual(NOTHING);
    const now = at('2027-03-08 00:05');
    expect(await applyDelinquency(db, now)).toEqual({ lateFees: 1, suspended: 1, overlocked: 0, defaulted: 0 });
    const [fee] = await fees(r.id);
    expect(fee).toMatchObject({ totalSatang: 140_00, vatSatang: 9_00, dueAt: at('2027-03-08 00:00'), dedupeKey: `late_fee:${r.invoice.id}`, status: 'open' });
    expect(fee.lines).toEqual([expect.objectContaining({ kind: 'fee', quantity: 1, unitSatang: 140_00, amountSatang: 140_00, description: `Late fee (10% of the monthly rent), invoice ${r.invoice.number}` })]);
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: fee.id, action: 'invoice.issue_late_fee' } })).toMatchObject({ actorId: null, entity: 'invoice', data: { after: { number: fee.number, for: r.invoice.number, totalSatang: 140_00 } } });
    expect(await db.booking.findUniqueOrThrow({ where: { id: r.id } })).toMatchObject({ delinquency: 'suspended', accessSuspendedAt: now, overlockedAt: null, defaultedAt: null });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: r.id, action: 'delinquency.suspend' } })).toMatchObject({ data: { after: { delinquency: 'suspended', daysOverdue: 11, invoice: r.invoice.number } } });
    expect(await emails(r.email, 'late_fee')).toBe(1);
    // Again the same minute, and the next day: nothing more.
    expect(await applyDelinquency(db, now)).toEqual(NOTHING);
    expect(await applyDelinquency(db, at('2027-03-09 12:00'))).toEqual(NOTHING);
    expect(await fees(r.id)).toHaveLength(1);
    expect(await emails(r.email, 'late_fee')).toBe(1);
  });

  it('day 30 overlocks with the 250 fee; day 60 defaults; each audited with the days overdue and emailed once', async () => {
    const r = await behind('2027-02-25');
    await applyDelinquency(db, at('2027-03-08 00:05'));
    expect(await applyDelinquency(db, at('2027-03-26 23:55'))).toEqual(NOTHING);
    const day30 = at('2027-03-27 00:05');
    expect(await applyDelinquency(db, day30)).toEqual({ lateFees: 0, suspended: 0, overlocked: 1, defaulted: 0 });
    const overlockFee = (await fees(r.id)).find((f) => f.totalSatang === 250_00)!;
    expect(overlockFee).toMatchObject({ vatSatang: 16_00, dedupeKey: `overlock_fee:${r.invoice.id}`, dueAt: at('2027-03-27 00:00') });
    expect(overlockFee.lines).toEqual([expect.objectContaining({ kind: 'fee', amountSatang: 250_00, description: `Overlock fee, invoice ${r.invoice.number}` })]);
    expect(await db.booking.findUniqueOrThrow({ where: { id: r.id } })).toMatchObject({ delinquency: 'overlocked', overlockedAt: day30 });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: r.id, action: 'delinquency.overlock' } })).toMatchObject({ data: { after: { daysOverdue: 30, feeInvoice: overlockFee.number } } });
    expect(await emails(r.email, 'overlock')).toBe(1);
    expect(await applyDelinquency(db, at('2027-04-25 23:55'))).toEqual(NOTHING);
    const day60 = at('2027-04-26 00:05');
    expect(await applyDelinquency(db, day60)).toEqual({ lateFees: 0, suspended: 0, overlocked: 0, defaulted: 1 });
    expect(await db.booking.findUniqueOrThrow({ where: { id: r.id } })).toMatchObject({ delinquency: 'defaulted', defaultedAt: day60 });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: r.id, action: 'delinquency.default' } })).toMatchObject({ data: { after: { daysOverdue: 60 } } });
    expect(await emails(r.email, 'default_notice')).toBe(1);
    // A default is left to staff: nothing runs on it any more, not even for a later month left unpaid.
    await db.$transaction((tx) => issueInvoice(tx, { bookingId: r.id, kind: 'renewal', lines: [RENT], vatSatang: 92_00, issuedAt: TEST_NOW, dueAt: at('2027-04-25 00:00') }));
    expect(await applyDelinquency(db, at('2027-06-01 12:00'))).toEqual(NOTHING);
    expect((await fees(r.id)).filter((f) => f.dedupeKey?.startsWith('late_fee:'))).toHaveLength(1);
  });

  it('a rental first seen 60 days behind takes every step in one run, a late fee for each overdue month, counted from the oldest', async () => {
    const r = await behind('2027-02-25');
    const second = await db.$transaction((tx) => issueInvoice(tx, { bookingId: r.id, kind: 'renewal', lines: [RENT], vatSatang: 92_00, issuedAt: TEST_NOW, dueAt: at('2027-03-25 00:00') }));
    // 25 Mar is 31 days before: its own grace has ended too.
    expect(await applyDelinquency(db, at('2027-04-26 00:05'))).toEqual({ lateFees: 2, suspended: 1, overlocked: 1, defaulted: 1 });
    expect((await fees(r.id)).map((f) => `${f.totalSatang} ${f.dedupeKey}`).sort()).toEqual([`14000 late_fee:${r.invoice.id}`, `14000 late_fee:${second.id}`, `25000 overlock_fee:${r.invoice.id}`].sort());
    expect((await db.booking.findUniqueOrThrow({ where: { id: r.id } })).delinquency).toBe('defaulted');
    expect(await emails(r.email, 'late_fee')).toBe(2);
  });

  it('the days run from the oldest open month whatever order the invoices were issued in', async () => {
    const r = await behind('2027-03-25');
    // The older month issued after the newer one (a staff correction, say): still 60 days from 25 Feb.
    const older = await db.$transaction((tx) => issueInvoice(tx, { bookingId: r.id, kind: 'renewal', lines: [RENT], vatSatang: 92_00, issuedAt: TEST_NOW, dueAt: at('2027-02-25 00:00') }));
    expect(await applyDelinquency(db, at('2027-04-26 00:05'))).toEqual({ lateFees: 2, suspended: 1, overlocked: 1, defaulted: 1 });
    expect((await fees(r.id)).find((f) => f.totalSatang === 250_00)?.dedupeKey).toBe(`overlock_fee:${older.id}`);
  });

  it('a rental with a gate PIN: its suspension is queued for the gate, once, for its unit', async () => {
    const r = await behind('2027-02-25');
    await db.booking.update({ where: { id: r.id }, data: { gatePinCipher: 'v1:test-cipher' } });
    await applyDelinquency(db, at('2027-03-08 00:05'));
    await applyDelinquency(db, at('2027-03-09 00:05'));
    const unit = (await db.booking.findUniqueOrThrow({ where: { id: r.id }, include: { heldUnit: true, unit: true } }));
    expect(await db.gateChange.findMany({ where: { bookingId: r.id }, select: { action: true, unitNumber: true } })).toEqual([{ action: 'suspend', unitNumber: (unit.heldUnit ?? unit.unit)!.number }]);
  });

  it('a renewal within its grace adds no late fee of its own to a suspended rental', async () => {
    const r = await behind('2027-02-25');
    await db.$transaction((tx) => issueInvoice(tx, { bookingId: r.id, kind: 'renewal', lines: [RENT], vatSatang: 92_00, issuedAt: TEST_NOW, dueAt: at('2027-03-25 00:00') }));
    // 4 Apr is day 10 after 25 Mar.
    expect(await applyDelinquency(db, at('2027-04-04 23:55'))).toEqual({ lateFees: 1, suspended: 1, overlocked: 1, defaulted: 0 });
    expect((await fees(r.id)).filter((f) => f.dedupeKey?.startsWith('late_fee:'))).toHaveLength(1);
  });

  it('a month already paid counts for nothing: the days run from the oldest renewal still open', async () => {
    const r = await behind('2027-01-25');
    await asFixture(() => db.invoice.update({ where: { id: r.invoice.id }, data: { status: 'paid' } }));
    const open = await db.$transaction((tx) => issueInvoice(tx, { bookingId: r.id, kind: 'renewal', lines: [RENT], vatSatang: 92_00, issuedAt: TEST_NOW, dueAt: at('2027-02-25 00:00') }));
    // Day 11 of the open one (day 42 of the paid one): a late fee for the open month only, suspended, not overlocked.
    expect(await applyDelinquency(db, at('2027-03-08 00:05'))).toEqual({ lateFees: 1, suspended: 1, overlocked: 0, defaulted: 0 });
    expect((await fees(r.id)).map((f) => f.dedupeKey)).toEqual([`late_fee:${open.id}`]);
  });

  it('a month with no rent on it (insurance only) adds no late fee of nothing, but access is still suspended', async () => {
    const r = await behind('2027-02-25');
    await asFixture(() => db.invoice.update({ where: { id: r.invoice.id }, data: { status: 'paid' } }));
    await db.$transaction((tx) => issueInvoice(tx, { bookingId: r.id, kind: 'renewal', lines: [INSURANCE], vatSatang: 20_00, issuedAt: TEST_NOW, dueAt: at('2027-02-25 00:00') }));
    expect(await applyDelinquency(db, at('2027-03-08 00:05'))).toEqual({ lateFees: 0, suspended: 1, overlocked: 0, defaulted: 0 });
    expect(await fees(r.id)).toEqual([]);
    expect(await emails(r.email, 'late_fee')).toBe(0);
  });

  it('only renewals of running rentals: an overdue fee invoice, an ended or cancelled rental, or a paid renewal start nothing', async () => {
    const fee = await behind('2027-02-25', 'fee');
    const ended = await behind('2027-02-25');
    await asFixture(() => db.booking.update({ where: { id: ended.id }, data: { status: 'ended' } }));
    const paid = await behind('2027-02-25');
    await asFixture(() => db.invoice.update({ where: { id: paid.invoice.id }, data: { status: 'paid' } }));
    const active = await behind('2027-02-25');
    await asFixture(() => db.booking.update({ where: { id: active.id }, data: { status: 'active' } }));
    await applyDelinquency(db, at('2027-03-08 00:05'));
    for (const r of [fee, ended, paid]) expect((await db.booking.findUniqueOrThrow({ where: { id: r.id } })).delinquency).toBe('current');
    expect((await db.booking.findUniqueOrThrow({ where: { id: active.id } })).delinquency).toBe('suspended');
  });
});
