// Every dated rule of the billing job on both sides of its threshold (docs/product-rules.md#invoices-billing-and-delinquency):
// the last minute before it nothing happens, the first minute of it the rule acts, and a second run acts no more.
// Runs at 23:55 and 00:05 Bangkok time, so a rule that counts in UTC or one day early fails here.
// billing.integration.test.ts walks the same calendar at noon; this file is about the edges.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { startFakeStripe, type FakeStripe } from '@/test/fakes/stripe-server';
import { startWebhookReceiver } from '@/test/fakes/webhook-receiver';
import type { Db } from '@/lib/db';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { createBooking } from '@/lib/booking/create-booking';
import { confirmHold } from '@/lib/booking/hold-confirmation';
import { completeDraft, example1, example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { settlePayment } from '@/lib/payments/ledger/settle';
import { runBilling } from './run';
import { runTasks } from '@/lib/jobs/tasks';
import { WAITING_LIST_OFFER } from '@/lib/waiting-list/offer-task';

const SECRET = 'whsec_billing_boundaries';
let db: Db;
let close: () => Promise<void>;
let fake: FakeStripe;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-boundaries-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
  receiver = await startWebhookReceiver(db, SECRET);
  fake = await startFakeStripe({ webhookUrl: receiver.url, webhookSecret: SECRET });
  stripe = createStripeClient({ secretKey: 'sk_test_fake', webhookSecret: SECRET, apiBase: fake.url })!;
});

afterAll(async () => {
  await fake?.close();
  await receiver?.close();
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A Bangkok wall-clock time, e.g. at('2027-03-26 23:55'). */
const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+07:00`);
const opts = { locale: 'en', now: TEST_NOW, siteUrl: 'http://localhost:3000', sendEmails: false };

/** Paid in cash and verified: confirmed from 25 Nov 2026, no saved card. A 3-month term's first renewal is due 25 Feb 2027. */
async function cashBooking(unitTypeCode: string, email: string, over: Parameters<typeof completeDraft>[0] = {}) {
  const r = await createBooking(db, completeDraft({ unitTypeCode, term: '3m', paymentMethod: 'cash', paymentStatus: 'pending_arrival', contact: { ...completeDraft().contact, email }, ...over }), { ...opts, stripe: null });
  if (!r.ok) throw new Error(`booking failed: ${JSON.stringify(r)}`);
  const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
  await db.$transaction((tx) => settlePayment(tx, payment.id, { now: TEST_NOW, actor: null }));
  return r.bookingId;
}

const bookingOf = (id: string) => db.booking.findUniqueOrThrow({ where: { id } });
const invoicesOf = (bookingId: string, kind: 'renewal' | 'fee') => db.invoice.findMany({ where: { bookingId, kind }, include: { lines: true }, orderBy: { issuedAt: 'asc' } });
const emailsTo = (email: string, template: string) => db.emailMessage.count({ where: { toAddress: email, template } });

/** Runs the job twice at `now`; the second run must change nothing. Returns the first run's summary. */
async function runTwice(now: Date) {
  const first = await runBilling(db, { now, stripe });
  // The offers of the units the run freed are tasks of its changes: the worker runs them once those commit.
  await runTasks(db, { types: [WAITING_LIST_OFFER.type] });
  const counts = async () => [await db.invoice.count(), await db.payment.count(), await db.emailMessage.count(), await db.auditLog.count(), await db.waitingListOffer.count({ where: { status: 'offered' } })];
  const before = await counts();
  const second = await runBilling(db, { now, stripe });
  expect(await counts()).toEqual(before);
  expect(second).toMatchObject({ releasedHolds: 0, holdReminders: 0, expiredOffers: 0, renewalInvoices: 0, cardsCharged: 0, cardsFailed: 0, invoiceEmails: 0, reminders: 0, lateFees: 0, suspended: 0, overlocked: 0, defaulted: 0 });
  return first;
}

describe('renewal invoice, reminder, grace, late fee, overlock and default: the minute before and the minute of', () => {
  it('walks one unpaid rental (due 25 Feb 2027) over each threshold', async () => {
    const id = await cashBooking('s', 'edges@example.com');

    // Issued 7 days before the billing date: 18 Feb.
    expect((await runTwice(at('2027-02-17 23:55'))).renewalInvoices).toBe(0);
    expect((await runTwice(at('2027-02-18 00:05'))).renewalInvoices).toBe(1);
    const [rent] = await invoicesOf(id, 'renewal');
    expect(rent.dueAt).toEqual(at('2027-02-25 00:00'));

    // The reminder 3 days before the due date: 22 Feb.
    expect((await runTwice(at('2027-02-21 23:55'))).reminders).toBe(0);
    expect((await runTwice(at('2027-02-22 00:05'))).reminders).toBe(1);
    expect(await emailsTo('edges@example.com', 'invoice_reminder')).toBe(1);

    // Grace: day 10 after the due date (7 Mar) nothing; day 11 (8 Mar) the late fee and the suspension.
    const day10 = await runTwice(at('2027-03-07 23:55'));
    expect(day10).toMatchObject({ lateFees: 0, suspended: 0 });
    expect((await bookingOf(id)).delinquency).toBe('current');
    expect(await invoicesOf(id, 'fee')).toHaveLength(0);
    const day11 = await runTwice(at('2027-03-08 00:05'));
    expect(day11).toMatchObject({ lateFees: 1, suspended: 1, overlocked: 0 });
    expect((await bookingOf(id)).delinquency).toBe('suspended');
    expect((await invoicesOf(id, 'fee')).map((f) => f.totalSatang)).toEqual([14_000]);

    // Overlock at day 30 (27 Mar), not on day 29.
    const day29 = await runTwice(at('2027-03-26 23:55'));
    expect(day29).toMatchObject({ overlocked: 0, lateFees: 0 });
    expect((await bookingOf(id)).delinquency).toBe('suspended');
    expect((await bookingOf(id)).overlockedAt).toBeNull();
    const day30 = await runTwice(at('2027-03-27 00:05'));
    expect(day30).toMatchObject({ overlocked: 1, defaulted: 0 });
    expect((await bookingOf(id)).delinquency).toBe('overlocked');
    // The 250 overlock fee, once.
    expect((await invoicesOf(id, 'fee')).map((f) => f.totalSatang).sort()).toEqual([14_000, 25_000]);
    expect(await emailsTo('edges@example.com', 'overlock')).toBe(1);

    // Default at day 60 (26 Apr), not on day 59. (Later renewals' own late fees come along on their own days.)
    const day59 = await runTwice(at('2027-04-25 23:55'));
    expect(day59.defaulted).toBe(0);
    expect((await bookingOf(id)).delinquency).toBe('overlocked');
    const day60 = await runTwice(at('2027-04-26 00:05'));
    expect(day60.defaulted).toBe(1);
    expect((await bookingOf(id)).delinquency).toBe('defaulted');
    expect(await emailsTo('edges@example.com', 'default_notice')).toBe(1);
  });
});

describe('a business renewal shows VAT 7/107 and withholds 5% of the VAT-exclusive rent', () => {
  it('issues rent, insurance and the withholding line; VAT is on rent and insurance', async () => {
    // Worked example 2's customer (a company with a tax ID) on unit type m, with insurance.
    const r = await createBooking(db, example2({ unitTypeCode: 'm', term: '3m', insuranceMonthly: 30_000, paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { ...opts, stripe: null });
    if (!r.ok) throw new Error(`booking failed: ${JSON.stringify(r)}`);
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    await db.$transaction((tx) => settlePayment(tx, payment.id, { now: TEST_NOW, actor: null }));
    // The rental's own rate (renewals bill it) at one whose withholding falls at .50 of a baht: 1,038 × 5/107 = 48.5047 → 49;
    // VAT (1,038 + 300) × 7/107 = 87.53 → 88.
    await db.booking.update({ where: { id: r.bookingId }, data: { rentRate: 103_800 } });
    await runBilling(db, { now: at('2027-02-18 00:05'), stripe: null });
    const [renewal] = await invoicesOf(r.bookingId, 'renewal');
    expect(renewal.lines.map((l) => [l.kind, l.amountSatang])).toEqual([
      ['rent', 103_800],
      ['insurance', 30_000],
      ['withholding_tax', -4_900],
    ]);
    expect(renewal.vatSatang).toBe(8_800);
    expect(renewal.totalSatang).toBe(103_800 + 30_000 - 4_900);
  });
});

describe('saved cards are charged on the due date, never the day before', () => {
  it('charges at 00:05 on 25 May, not at 23:55 on 24 May, and once', async () => {
    const r = await createBooking(db, example1({ contact: { ...completeDraft().contact, email: 'card-edge@example.com' } }), { ...opts, stripe });
    if (!r.ok) throw new Error('booking failed');
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    expect(await fake.complete(payment.providerSessionId!)).toBe(200);
    await runTwice(at('2027-05-18 00:05'));
    const [renewal] = await invoicesOf(r.bookingId, 'renewal');
    expect(renewal.dueAt).toEqual(at('2027-05-25 00:00'));
    const intentsFor = () => [...fake.intents.values()].filter((i) => i.metadata.invoiceId === renewal.id);

    const dayBefore = await runTwice(at('2027-05-24 23:55'));
    expect(dayBefore.cardsCharged).toBe(0);
    expect(intentsFor()).toHaveLength(0);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: renewal.id } })).status).toBe('open');

    const dueDay = await runTwice(at('2027-05-25 00:05'));
    expect(dueDay.cardsCharged).toBe(1);
    expect(intentsFor()).toHaveLength(1);
    expect(intentsFor()[0].amount).toBe(renewal.totalSatang);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: renewal.id } })).status).toBe('paid');
  });
});

describe('holds and waiting-list offers: expiry to the millisecond', () => {
  it('a 48-hour transfer hold: the reminder from 6 hours before, the release only once it has passed; the offer lasts 24 hours', async () => {
    const type = await db.unitType.findUniqueOrThrow({ where: { code: 'xl' } });
    const waiting = await db.waitingListEntry.create({ data: { unitTypeId: type.id, name: 'Edge', email: 'edge-wait@example.com', createdAt: new Date('2026-11-01T00:00:00Z'), confirmedAt: new Date('2026-11-01T00:10:00Z') } });
    const r = await createBooking(db, completeDraft({ unitTypeCode: 'xl', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer', contact: { ...completeDraft().contact, email: 'edge-hold@example.com' } }), { ...opts, stripe: null });
    if (!r.ok) throw new Error('booking failed');
    const held = await confirmHold(db, r.reference, TEST_NOW);
    if (held.status !== 'confirmed') throw new Error('not held');
    const expires = held.holdExpiresAt.getTime();
    expect(expires - TEST_NOW.getTime()).toBe(48 * 3600_000);
    const ms = (t: number) => new Date(t);

    // Reminder window (HOLD_RULES): [expiry − 6 h, expiry).
    expect((await runTwice(ms(expires - 6 * 3600_000 - 1000))).holdReminders).toBe(0);
    expect((await runTwice(ms(expires - 6 * 3600_000))).holdReminders).toBe(1);
    expect(await emailsTo('edge-hold@example.com', 'hold_expiring')).toBe(1);

    // Released once the hold has passed, not at its last instant.
    expect((await runTwice(ms(expires))).releasedHolds).toBe(0);
    expect((await bookingOf(r.bookingId)).status).toBe('reserved');
    expect((await runTwice(ms(expires + 1000))).releasedHolds).toBe(1);
    expect((await bookingOf(r.bookingId)).status).toBe('expired');

    // The freed unit is offered for 24 hours: still offered a second before, expired at the 24th hour.
    const offer = await db.waitingListOffer.findFirstOrThrow({ where: { entryId: waiting.id } });
    expect(offer.expiresAt.getTime()).toBe(expires + 1000 + 24 * 3600_000);
    expect((await runTwice(ms(offer.expiresAt.getTime() - 1000))).expiredOffers).toBe(0);
    expect((await db.waitingListOffer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('offered');
    expect((await runTwice(offer.expiresAt)).expiredOffers).toBe(1);
    expect((await db.waitingListOffer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('expired');
    // Nobody else waits: the unit is for sale again.
    expect((await db.unit.findUniqueOrThrow({ where: { id: offer.unitId } })).status).toBe('available');
  });
});
