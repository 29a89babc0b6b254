// Two dated steps of the billing job on their own (docs/product-rules.md#holds and
// #invoices-billing-and-delinquency): holds released once they have passed and reminded from 12 hours before, and
// a payment reminder for renewal invoices from 3 days before the due date, each on both sides of its minute.
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
import { issueInvoice } from '@/lib/invoices/issue';
import { releaseExpiredHolds, remindExpiringHolds } from './holds';
import { OFFLINE_HOLD_MS } from '@/lib/holds/rules';
import { sendInvoiceReminders } from './notices';
import { asFixture } from '@/lib/db/status-writes';

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-holds-notices-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
  const type = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  await db.unit.createMany({ data: Array.from({ length: 20 }, (_, i) => ({ number: `S-H${i}`, unitTypeId: type.id, status: 'available' as const })) });
});
// Each test's holds and invoices end with it, so the next test's runs count only its own.
afterEach(async () => {
  await asFixture(() => db.booking.updateMany({ where: { status: 'reserved' }, data: { status: 'cancelled' } }));
  await asFixture(() => db.invoice.updateMany({ where: { status: 'open' }, data: { status: 'void' } }));
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const HOUR = 60 * 60 * 1000;
const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+07:00`);
const emails = (to: string, template: string) => db.emailMessage.count({ where: { toAddress: to, template } });

async function hold(method: 'cash' | 'bank_transfer' | 'crypto', opts: { confirmed?: boolean; proof?: boolean } = {}) {
  const status = method === 'cash' ? 'pending_arrival' : method === 'bank_transfer' ? 'pending_bank_transfer' : 'crypto_payment_sent';
  const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: method, paymentStatus: status }), { locale: 'en', now: START, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  const b = await asFixture(() => db.booking.update({
    where: { id: r.bookingId },
    data: { ...(opts.confirmed === false ? {} : { holdConfirmedAt: START }), ...(opts.proof ? { paymentStatus: 'proof_uploaded' } : {}) },
    include: { customer: true, heldUnit: true },
  }));
  return { id: b.id, reference: b.reference, email: b.customer.email, unitId: b.heldUnit!.id, holdExpiresAt: b.holdExpiresAt! };
}
const staffAlerts = (template: string, reference: string) => db.emailMessage.count({ where: { template, subject: { contains: reference } } });

// On a simulated calendar: a booking at START, the release job run at the minutes and days that follow.
const START = TEST_NOW;
const END = new Date(START.getTime() + OFFLINE_HOLD_MS);

describe('holds: one rule per method, on a simulated calendar (docs/product-rules.md#holds)', () => {
  it('every offline method holds 48 hours from the booking, whether or not the address was confirmed', async () => {
    expect(OFFLINE_HOLD_MS).toBe(48 * HOUR);
    for (const method of ['cash', 'bank_transfer', 'crypto'] as const) {
      for (const confirmed of [true, false]) expect((await hold(method, { confirmed })).holdExpiresAt).toEqual(END);
    }
  });

  it('a transfer with nothing sent is released only once its 48 hours passed; the customer is told, once', async () => {
    const h = await hold('bank_transfer');
    expect(await releaseExpiredHolds(db, new Date(START.getTime() + 30 * 60_000))).toEqual({ released: 0, waitingForStaff: 0 });
    expect(await releaseExpiredHolds(db, END)).toEqual({ released: 0, waitingForStaff: 0 });
    expect((await db.booking.findUniqueOrThrow({ where: { id: h.id } })).status).toBe('reserved');
    const after = new Date(END.getTime() + 1);
    expect(await releaseExpiredHolds(db, after)).toEqual({ released: 1, waitingForStaff: 0 });
    expect(await db.booking.findUniqueOrThrow({ where: { id: h.id } })).toMatchObject({ status: 'expired', holdExpiresAt: null });
    expect(await db.unit.findUniqueOrThrow({ where: { id: h.unitId } })).toMatchObject({ status: 'available', currentBookingId: null });
    expect(await db.auditLog.findMany({ where: { entityId: h.id, action: 'booking.hold_expire' } })).toEqual([expect.objectContaining({ actorId: null, entity: 'booking', data: expect.objectContaining({ after: { status: 'expired' } }) })]);
    expect(await emails(h.email, 'hold_expired')).toBe(1);
    expect(await releaseExpiredHolds(db, after)).toEqual({ released: 0, waitingForStaff: 0 });
    expect(await emails(h.email, 'hold_expired')).toBe(1);
  });

  it('an address nobody confirmed gets no "hold ended" email (one email per hold: the confirmation)', async () => {
    const h = await hold('bank_transfer', { confirmed: false });
    expect(await releaseExpiredHolds(db, new Date(END.getTime() + 1))).toEqual({ released: 1, waitingForStaff: 0 });
    expect(await emails(h.email, 'hold_expired')).toBe(0);
  });

  it('a cash hold and a hold whose slip was uploaded are never released silently: they wait, staff alerted at the end and each day after', async () => {
    const cash = await hold('cash');
    const slip = await hold('bank_transfer', { proof: true });
    const crypto = await hold('crypto');
    expect(await releaseExpiredHolds(db, new Date(END.getTime() + 1))).toEqual({ released: 0, waitingForStaff: 3 });
    for (const h of [cash, slip, crypto]) {
      expect(await db.booking.findUniqueOrThrow({ where: { id: h.id } })).toMatchObject({ status: 'reserved' });
      expect(await db.unit.findUniqueOrThrow({ where: { id: h.unitId } })).toMatchObject({ status: 'reserved', currentBookingId: h.id });
      expect(await emails(h.email, 'hold_expired')).toBe(0);
    }
    const staffCount = await db.user.count({ where: { isActive: true } });
    expect(staffCount).toBeGreaterThan(0);
    expect(await staffAlerts('staff_hold_waiting', cash.reference)).toBe(staffCount);
    // The job runs every minute: the same day of waiting alerts nobody twice.
    await releaseExpiredHolds(db, new Date(END.getTime() + 60_000));
    await releaseExpiredHolds(db, new Date(END.getTime() + 23 * HOUR));
    expect(await staffAlerts('staff_hold_waiting', cash.reference)).toBe(staffCount);
    // A day later, still waiting: alerted again.
    await releaseExpiredHolds(db, new Date(END.getTime() + 24 * HOUR + 1));
    expect(await staffAlerts('staff_hold_waiting', cash.reference)).toBe(2 * staffCount);
    expect(await staffAlerts('staff_hold_waiting', slip.reference)).toBe(2 * staffCount);
  });

  it('"pay now" only in the last 6 hours of a confirmed transfer or crypto hold, once; never for cash, a slip sent or an unconfirmed address', async () => {
    const transfer = await hold('bank_transfer');
    const crypto = await hold('crypto');
    await asFixture(() => db.booking.update({ where: { id: crypto.id }, data: { paymentStatus: 'pending_payment' } }));
    const quiet = [await hold('cash'), await hold('bank_transfer', { proof: true }), await hold('bank_transfer', { confirmed: false }), await hold('crypto')];
    // About a minute after booking (the issue's "hold ends 18:33, pay now"), and up to 6 hours before the end: nothing.
    for (const minutes of [1, 30, 60 * 24, 60 * 42 - 1]) expect(await remindExpiringHolds(db, new Date(START.getTime() + minutes * 60_000))).toEqual({ reminded: 0 });
    expect(await remindExpiringHolds(db, new Date(END.getTime() - 6 * HOUR))).toEqual({ reminded: 2 });
    expect(await remindExpiringHolds(db, new Date(END.getTime() - HOUR))).toEqual({ reminded: 0 });
    expect(await emails(transfer.email, 'hold_expiring')).toBe(1);
    expect(await emails(crypto.email, 'hold_expiring')).toBe(1);
    for (const h of quiet) expect(await emails(h.email, 'hold_expiring')).toBe(0);
    expect(await remindExpiringHolds(db, END)).toEqual({ reminded: 0 });
  });

  it('a paid hold is never released', async () => {
    const h = await hold('bank_transfer');
    await db.$transaction(async (tx) => settlePayment(tx, (await tx.payment.findFirstOrThrow({ where: { bookingId: h.id } })).id, { now: START }));
    await asFixture(() => db.booking.update({ where: { id: h.id }, data: { status: 'reserved', holdExpiresAt: END } }));
    expect(await releaseExpiredHolds(db, new Date(END.getTime() + HOUR))).toMatchObject({ released: 0 });
    expect((await db.booking.findUniqueOrThrow({ where: { id: h.id } })).status).toBe('reserved');
  });
});

describe('payment reminders', () => {
  async function renewal(o: { card?: boolean; due: string; kind?: 'renewal' | 'fee'; paid?: boolean }) {
    const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
    const first = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    await db.$transaction((tx) => settlePayment(tx, first.id, { now: TEST_NOW }));
    const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { customer: true } });
    if (o.card) await db.customer.update({ where: { id: b.customerId }, data: { stripeCustomerId: `cus_${b.reference}` } });
    const invoice = await db.$transaction((tx) =>
      issueInvoice(tx, { bookingId: b.id, kind: o.kind ?? 'renewal', lines: [{ kind: 'rent', description: 'Rent', quantity: 1, unitSatang: 1_000_00, amountSatang: 1_000_00 }], vatSatang: 65_00, issuedAt: TEST_NOW, dueAt: at(`${o.due} 00:00`) }),
    );
    if (o.paid) await asFixture(() => db.invoice.update({ where: { id: invoice.id }, data: { status: 'paid', paidAt: TEST_NOW } }));
    return b.customer.email;
  }

  it('from 3 days before the due date (not the day before that), not on the due date, never for a saved card; a second run sends nothing', async () => {
    const pays = await renewal({ due: '2027-02-25' });
    const card = await renewal({ due: '2027-02-25', card: true });
    expect(await sendInvoiceReminders(db, at('2027-02-21 23:55'))).toEqual({ reminders: 0 });
    expect(await sendInvoiceReminders(db, at('2027-02-22 00:05'))).toEqual({ reminders: 1 });
    expect(await emails(pays, 'invoice_reminder')).toBe(1);
    expect(await emails(card, 'invoice_reminder')).toBe(0);
    expect(await sendInvoiceReminders(db, at('2027-02-22 00:10'))).toEqual({ reminders: 0 });
    expect(await sendInvoiceReminders(db, at('2027-02-24 23:55'))).toEqual({ reminders: 0 });
    expect(await emails(pays, 'invoice_reminder')).toBe(1);

    // One issued late, on its due date: no reminder any more.
    const late = await renewal({ due: '2027-02-25' });
    expect(await sendInvoiceReminders(db, at('2027-02-25 00:05'))).toEqual({ reminders: 0 });
    expect(await emails(late, 'invoice_reminder')).toBe(0);
  });

  it('an invoice first seen the day before its due date is still reminded, once, with the amount and its pay link', async () => {
    const pays = await renewal({ due: '2027-02-25' });
    expect(await sendInvoiceReminders(db, at('2027-02-24 23:55'))).toEqual({ reminders: 1 });
    const mail = await db.emailMessage.findFirstOrThrow({ where: { toAddress: pays, template: 'invoice_reminder' } });
    expect(mail.subject).toContain('1,000');
    expect(mail.html).toContain('/pay');
    expect(await sendInvoiceReminders(db, at('2027-02-24 23:59'))).toEqual({ reminders: 0 });
  });

  it('only an open rent invoice is reminded: not a paid one, not a fee invoice (it has its own notice)', async () => {
    const paid = await renewal({ due: '2027-02-24', paid: true });
    const fee = await renewal({ due: '2027-02-24', kind: 'fee' });
    const open = await renewal({ due: '2027-02-24' });
    expect(await sendInvoiceReminders(db, at('2027-02-22 12:00'))).toEqual({ reminders: 1 });
    expect(await emails(open, 'invoice_reminder')).toBe(1);
    expect(await emails(paid, 'invoice_reminder')).toBe(0);
    expect(await emails(fee, 'invoice_reminder')).toBe(0);
  });

  it('nothing due, nothing sent', async () => {
    expect(await sendInvoiceReminders(db, at('2027-02-22 00:05'))).toEqual({ reminders: 0 });
  });
});
