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
import { settlePayment } from '@/lib/billing/settle';
import { issueInvoice } from '@/lib/invoices/issue';
import { HOLD_EXPIRING_NOTICE_MS, releaseExpiredHolds, remindExpiringHolds } from './holds';
import { sendInvoiceReminders } from './notices';

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-holds-notices-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
  const type = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  await db.unit.createMany({ data: Array.from({ length: 20 }, (_, i) => ({ number: `S-H${i}`, unitTypeId: type.id, status: 'available' as const })) });
});
// Each test's holds and invoices end with it, so the next test's runs count only its own.
afterEach(async () => {
  await db.booking.updateMany({ where: { status: 'reserved' }, data: { status: 'cancelled' } });
  await db.invoice.updateMany({ where: { status: 'open' }, data: { status: 'void' } });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const HOUR = 60 * 60 * 1000;
const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+07:00`);
const emails = (to: string, template: string) => db.emailMessage.count({ where: { toAddress: to, template } });

async function hold(method: 'cash' | 'bank_transfer' | 'crypto', holdExpiresAt: Date) {
  const status = method === 'cash' ? 'pending_arrival' : method === 'bank_transfer' ? 'pending_bank_transfer' : 'crypto_payment_sent';
  const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: method, paymentStatus: status }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  const b = await db.booking.update({ where: { id: r.bookingId }, data: { holdExpiresAt }, include: { customer: true, heldUnit: true } });
  return { id: b.id, email: b.customer.email, unitId: b.heldUnit!.id };
}

describe('holds', () => {
  const END = new Date('2026-11-24T05:00:00.000Z');

  it('released only once passed (not at the minute it ends): expired, unit back, audited, the customer told, once', async () => {
    const h = await hold('cash', END);
    expect(await releaseExpiredHolds(db, END)).toEqual({ released: 0 });
    expect((await db.booking.findUniqueOrThrow({ where: { id: h.id } })).status).toBe('reserved');
    const after = new Date(END.getTime() + 1);
    expect(await releaseExpiredHolds(db, after)).toEqual({ released: 1 });
    expect(await db.booking.findUniqueOrThrow({ where: { id: h.id } })).toMatchObject({ status: 'expired', holdExpiresAt: null });
    expect(await db.unit.findUniqueOrThrow({ where: { id: h.unitId } })).toMatchObject({ status: 'available', currentBookingId: null });
    expect(await db.auditLog.findMany({ where: { entityId: h.id, action: 'booking.hold_expire' } })).toEqual([expect.objectContaining({ actorId: null, entity: 'booking', data: expect.objectContaining({ after: { status: 'expired' } }) })]);
    expect(await emails(h.email, 'hold_expired')).toBe(1);
    expect(await releaseExpiredHolds(db, after)).toEqual({ released: 0 });
    expect(await emails(h.email, 'hold_expired')).toBe(1);
  });

  it('a paid hold is never released', async () => {
    const h = await hold('cash', END);
    await db.$transaction(async (tx) => settlePayment(tx, (await tx.payment.findFirstOrThrow({ where: { bookingId: h.id } })).id, { now: TEST_NOW }));
    await db.booking.update({ where: { id: h.id }, data: { status: 'reserved', holdExpiresAt: END } });
    expect(await releaseExpiredHolds(db, new Date(END.getTime() + HOUR))).toEqual({ released: 0 });
    expect((await db.booking.findUniqueOrThrow({ where: { id: h.id } })).status).toBe('reserved');
  });

  it('reminded from 12 hours before the end (not a millisecond earlier) until it ends, once, for cash, transfer and crypto', async () => {
    expect(HOLD_EXPIRING_NOTICE_MS).toBe(12 * HOUR);
    const holds = [await hold('cash', END), await hold('bank_transfer', END), await hold('crypto', END)];
    expect(await remindExpiringHolds(db, new Date(END.getTime() - 12 * HOUR - 1))).toEqual({ reminded: 0 });
    expect(await remindExpiringHolds(db, new Date(END.getTime() - 12 * HOUR))).toEqual({ reminded: 3 });
    for (const h of holds) expect(await emails(h.email, 'hold_expiring')).toBe(1);
    // A card hold (a Stripe Checkout session, paid there and then or let go) gets no reminder.
    const card = await hold('cash', END);
    await db.booking.update({ where: { id: card.id }, data: { paymentMethod: 'card', paymentStatus: 'pending_payment' } });
    expect(await remindExpiringHolds(db, new Date(END.getTime() - 2 * HOUR))).toEqual({ reminded: 0 });
    expect(await emails(card.email, 'hold_expiring')).toBe(0);
    expect(await remindExpiringHolds(db, new Date(END.getTime() - HOUR))).toEqual({ reminded: 0 });
  });

  it('no reminder once it has ended, nor for a paid one', async () => {
    const ended = await hold('cash', END);
    expect(await remindExpiringHolds(db, END)).toEqual({ reminded: 0 });
    const paid = await hold('cash', END);
    await db.booking.update({ where: { id: paid.id }, data: { paymentStatus: 'paid' } });
    expect(await remindExpiringHolds(db, new Date(END.getTime() - HOUR))).toEqual({ reminded: 1 });
    expect(await emails(ended.email, 'hold_expiring')).toBe(1);
    expect(await emails(paid.email, 'hold_expiring')).toBe(0);
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
    if (o.paid) await db.invoice.update({ where: { id: invoice.id }, data: { status: 'paid', paidAt: TEST_NOW } });
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
