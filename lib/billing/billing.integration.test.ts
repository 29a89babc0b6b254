import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { startFakeStripe, type FakeStripe } from '@/test/fakes/stripe-server';
import type { Db } from '@/lib/db';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { processStripeWebhook } from '@/lib/payments/webhook-route';
import { startWebhookReceiver } from '@/test/fakes/webhook-receiver';
import { startInvoiceCheckout } from '@/lib/payments/invoice-checkout';
import { confirmHold } from '@/lib/booking/hold-confirmation';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, example1, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { settlePayment } from '@/lib/payments/ledger/settle';
import { recordOfflinePayment } from '@/lib/payments/offline-payments';
import { runBilling } from './run';
import { runJobNow } from '@/lib/jobs/runner';

const SECRET = 'whsec_billing_integration';
let db: Db;
let close: () => Promise<void>;
let fake: FakeStripe;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-billing-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
  receiver = await startWebhookReceiver(db, SECRET);
  fake = await startFakeStripe({ webhookUrl: receiver.url, webhookSecret: SECRET });
  stripe = createStripeClient({ secretKey: 'sk_test_fake', webhookSecret: SECRET, apiBase: fake.url })!;
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Noon in Bangkok on a calendar day. */
const day = (iso: string) => new Date(`${iso}T12:00:00+07:00`);
const opts = { locale: 'en', now: TEST_NOW, siteUrl: 'http://localhost:3000', sendEmails: false };

/** A booking paid in cash at the office and verified by staff: confirmed, no saved card. */
async function cashBooking(unitTypeCode: string, term: '3m' | 'm2m', email: string, locale = 'en') {
  const r = await createBooking(db, completeDraft({ unitTypeCode, term, paymentMethod: 'cash', paymentStatus: 'pending_arrival', contact: { ...completeDraft().contact, email } }), { ...opts, locale, stripe: null });
  if (!r.ok) throw new Error(`booking failed: ${JSON.stringify(r)}`);
  const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
  await db.$transaction((tx) => settlePayment(tx, payment.id, { now: TEST_NOW, actor: null }));
  return r.bookingId;
}

const invoicesOf = (bookingId: string, kind?: 'renewal' | 'fee') => db.invoice.findMany({ where: { bookingId, ...(kind ? { kind } : {}) }, include: { lines: true }, orderBy: { issuedAt: 'asc' } });
const emailsTo = (email: string, template?: string) => db.emailMessage.findMany({ where: { toAddress: email, ...(template ? { template } : {}) }, orderBy: { createdAt: 'asc' } });

/** Everything a billing run can write, to prove a second run writes nothing. */
async function footprint() {
  const [invoices, payments, emails, audits, bookings, offers, credits] = await Promise.all([
    db.invoice.count(),
    db.payment.findMany({ select: { id: true, status: true } }),
    db.emailMessage.count(),
    db.auditLog.count(),
    db.booking.findMany({ select: { id: true, status: true, delinquency: true, accessSuspendedAt: true } }),
    db.waitingListOffer.count(),
    db.creditNote.count(),
  ]);
  return { invoices, payments, emails, audits, bookings, offers, credits };
}

async function runTwice(now: Date) {
  const first = await runBilling(db, { now, stripe });
  // The renewal emails were queued with their invoices: the `tasks` job delivers them, as in production.
  const delivery = await runJobNow(db, 'tasks', { asOf: now, trigger: 'manual' });
  expect(delivery).toMatchObject({ ran: true, status: 'succeeded' });
  const before = await footprint();
  const mark = new Date();
  const second = await runBilling(db, { now, stripe });
  const extra = await db.emailMessage.findMany({ where: { createdAt: { gte: mark } }, select: { template: true, dedupeKey: true } });
  expect(extra).toEqual([]);
  expect(await footprint()).toEqual(before);
  expect(second).toMatchObject({ renewalInvoices: 0, cardsCharged: 0, cardsFailed: 0, invoiceEmails: 0, reminders: 0, lateFees: 0, suspended: 0, overlocked: 0, defaulted: 0, releasedHolds: 0 });
  return first;
}

describe('billing over a simulated calendar', () => {
  it("a 3-month prepaid rental is followed by month-to-month invoices at the rental's own rate, each emailed with a pay link and a reminder", async () => {
    const id = await cashBooking('m', '3m', 'renewer@example.com');
    // Prepaid 25 Nov – 24 Feb: nothing to bill before the first renewal's issue date (7 days ahead of 25 Feb).
    await runTwice(day('2027-02-17'));
    expect(await invoicesOf(id, 'renewal')).toHaveLength(0);
    // The list rate changed since the booking: the rental keeps its own rate until it is told of a change
    // (docs/product-rules.md#prices-over-time-prepayment-and-card-retries).
    const own = (await db.booking.findUniqueOrThrow({ where: { id } })).rentRate;
    expect(own).toBe(270_000);
    await db.unitType.update({ where: { code: 'm' }, data: { baseRate: 280_000 } });
    const r1 = await runTwice(day('2027-02-18'));
    expect(r1.renewalInvoices).toBeGreaterThanOrEqual(1);
    const [first] = await invoicesOf(id, 'renewal');
    expect(first.number).toMatch(/^INV-2027-\d{6}$/);
    expect(first.totalSatang).toBe(own + 30_000);
    expect(first.lines.reduce((a, l) => a + l.amountSatang, 0)).toBe(first.totalSatang);
    expect(first.periodStart?.toISOString().slice(0, 10)).toBe('2027-02-25');
    expect(first.periodEnd?.toISOString().slice(0, 10)).toBe('2027-03-24');
    const issued = await emailsTo('renewer@example.com', 'invoice_issued');
    expect(issued).toHaveLength(1);
    expect(issued[0].html).toContain(`/pay-invoice/${first.id}?token=`);
    expect(issued[0].subject).toBe(`Invoice ${first.number}: ฿3,000 due Thursday, 25 February 2027`);
    // Three days before the due date.
    await runTwice(day('2027-02-21'));
    expect(await emailsTo('renewer@example.com', 'invoice_reminder')).toHaveLength(0);
    await runTwice(day('2027-02-22'));
    expect(await emailsTo('renewer@example.com', 'invoice_reminder')).toHaveLength(1);
    // Paid by bank transfer with a slip; staff verify it.
    const sent = await recordOfflinePayment(db, { invoiceId: first.id, method: 'bank_transfer', proofId: null, now: day('2027-02-23') });
    expect(sent).toMatchObject({ ok: true, status: 'pending_bank_transfer' });
    if (!sent.ok) return;
    await db.$transaction((tx) => settlePayment(tx, sent.paymentId, { now: day('2027-02-23'), actor: null }));
    expect((await db.invoice.findUniqueOrThrow({ where: { id: first.id } })).status).toBe('paid');
    // The second renewal.
    await runTwice(day('2027-03-18'));
    const renewals = await invoicesOf(id, 'renewal');
    expect(renewals.map((i) => i.periodStart?.toISOString().slice(0, 10))).toEqual(['2027-02-25', '2027-03-25']);
    const n = (s: string) => Number(s.slice(-6));
    expect(n(renewals[1].number)).toBeGreaterThan(n(renewals[0].number));
    expect(await invoicesOf(id, 'fee')).toHaveLength(0);
    await db.unitType.update({ where: { code: 'm' }, data: { baseRate: 270_000 } });
  });

  it('a late payer goes through grace, late fee and suspension, overlock and default, each once, audited and emailed', async () => {
    const id = await cashBooking('s', '3m', 'late@example.com', 'th');
    await runTwice(day('2027-02-18'));
    const [rent] = await invoicesOf(id, 'renewal');
    expect(rent.totalSatang).toBe(140_000 + 30_000);
    // Day 10 after the 25 Feb due date: still grace.
    await runTwice(day('2027-03-07'));
    expect(await invoicesOf(id, 'fee')).toHaveLength(0);
    expect((await db.booking.findUniqueOrThrow({ where: { id } })).delinquency).toBe('current');
    // Day 11: late fee of 10% of the month's rent, access suspended.
    await runTwice(day('2027-03-08'));
    const fees = await invoicesOf(id, 'fee');
    expect(fees).toHaveLength(1);
    expect(fees[0].totalSatang).toBe(14_000);
    expect(fees[0].lines[0]).toMatchObject({ kind: 'fee', amountSatang: 14_000 });
    const suspended = await db.booking.findUniqueOrThrow({ where: { id } });
    expect(suspended.delinquency).toBe('suspended');
    expect(suspended.accessSuspendedAt).not.toBeNull();
    const lateMail = await emailsTo('late@example.com', 'late_fee');
    expect(lateMail).toHaveLength(1);
    expect(lateMail[0].subject).toContain('ระงับ');
    expect(await db.auditLog.count({ where: { entityId: id, action: 'delinquency.suspend', actorId: null } })).toBe(1);
    // Day 30: overlock and its 250 fee.
    await runTwice(day('2027-03-27'));
    const overlocked = await db.booking.findUniqueOrThrow({ where: { id } });
    expect(overlocked.delinquency).toBe('overlocked');
    expect((await invoicesOf(id, 'fee')).some((f) => f.totalSatang === 25_000 && f.lines[0].description.includes(rent.number))).toBe(true);
    expect(await emailsTo('late@example.com', 'overlock')).toHaveLength(1);
    // Day 60: default; renewals stop.
    await runTwice(day('2027-04-26'));
    const defaulted = await db.booking.findUniqueOrThrow({ where: { id } });
    expect(defaulted.delinquency).toBe('defaulted');
    expect(await emailsTo('late@example.com', 'default_notice')).toHaveLength(1);
    expect(await db.auditLog.count({ where: { entityId: id, action: { in: ['delinquency.suspend', 'delinquency.overlock', 'delinquency.default'] } } })).toBe(3);
    const renewalsAtDefault = (await invoicesOf(id, 'renewal')).length;
    await runTwice(day('2027-05-20'));
    expect(await invoicesOf(id, 'renewal')).toHaveLength(renewalsAtDefault);
  });

  it('paying during the grace period avoids the late fee; paying the arrears lifts a suspension', async () => {
    const early = await cashBooking('s', '3m', 'grace@example.com');
    const late = await cashBooking('s', '3m', 'restore@example.com');
    await runTwice(day('2027-02-18'));
    const [graceInvoice] = await invoicesOf(early, 'renewal');
    const sent = await recordOfflinePayment(db, { invoiceId: graceInvoice.id, method: 'crypto', proofId: null, now: day('2027-03-02') });
    if (!sent.ok) throw new Error('not recorded');
    await db.$transaction((tx) => settlePayment(tx, sent.paymentId, { now: day('2027-03-02'), actor: null }));
    await runTwice(day('2027-03-08'));
    expect(await invoicesOf(early, 'fee')).toHaveLength(0);
    expect((await db.booking.findUniqueOrThrow({ where: { id: early } })).delinquency).toBe('current');
    expect((await db.booking.findUniqueOrThrow({ where: { id: late } })).delinquency).toBe('suspended');
    // The suspended customer pays the rent and the late fee: access comes back.
    for (const inv of await db.invoice.findMany({ where: { bookingId: late, status: 'open' } })) {
      const p = await recordOfflinePayment(db, { invoiceId: inv.id, method: 'bank_transfer', proofId: null, now: day('2027-03-09') });
      if (!p.ok) throw new Error('not recorded');
      await db.$transaction((tx) => settlePayment(tx, p.paymentId, { now: day('2027-03-09'), actor: null }));
    }
    const restored = await db.booking.findUniqueOrThrow({ where: { id: late } });
    expect(restored).toMatchObject({ delinquency: 'current', accessSuspendedAt: null });
    expect(await db.auditLog.count({ where: { entityId: late, action: 'delinquency.restore' } })).toBe(1);
  });

  it('charges saved cards off-session on the due date: a success is receipted, a decline sends the pay link', async () => {
    const r = await createBooking(db, example1({ contact: { ...completeDraft().contact, email: 'card@example.com' } }), { ...opts, stripe });
    if (!r.ok) throw new Error('booking failed');
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    expect(await fake.complete(payment.providerSessionId!)).toBe(200);
    const customer = (await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { customer: true } })).customer;
    expect(customer.stripeCustomerId).toMatch(/^cus_/);
    // 6 months prepaid from 25 Nov: the first renewal is due 25 May, issued 18 May with the "card will be charged" note.
    await runTwice(day('2027-05-18'));
    const [renewal] = await invoicesOf(r.bookingId, 'renewal');
    expect((await emailsTo('card@example.com', 'invoice_issued'))[0].subject).toContain('charged to your card');
    expect(await emailsTo('card@example.com', 'invoice_reminder')).toHaveLength(0);
    const charged = await runTwice(day('2027-05-25'));
    expect(charged.cardsCharged).toBe(1);
    const paid = await db.invoice.findUniqueOrThrow({ where: { id: renewal.id }, include: { payments: true } });
    expect(paid.status).toBe('paid');
    expect(paid.payments[0]).toMatchObject({ method: 'card', status: 'paid', amountSatang: renewal.totalSatang, idempotencyKey: `offsession:${renewal.id}` });
    expect([...fake.intents.values()].filter((i) => i.metadata.invoiceId === renewal.id)).toHaveLength(1);
    // One receipt for the booking's checkout, one for the renewal.
    expect(await db.emailMessage.count({ where: { dedupeKey: `payment_received:${paid.payments[0].id}` } })).toBe(1);
    expect(await emailsTo('card@example.com', 'payment_received')).toHaveLength(2);
    // Next month the card is declined.
    fake.declineCardsOf(customer.stripeCustomerId!);
    await runTwice(day('2027-06-18'));
    const failed = await runTwice(day('2027-06-25'));
    expect(failed.cardsFailed).toBe(1);
    const second = (await invoicesOf(r.bookingId, 'renewal'))[1];
    const again = await db.invoice.findUniqueOrThrow({ where: { id: second.id }, include: { payments: true } });
    expect(again.status).toBe('open');
    expect(again.payments[0]).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    const declined = await emailsTo('card@example.com', 'card_payment_failed');
    expect(declined).toHaveLength(1);
    expect(declined[0].html).toContain(`/pay-invoice/${second.id}?token=`);
  });

  it('releases an expired 48-hour transfer hold, tells the customer and offers the unit to the waiting list in order, 24 hours each', async () => {
    const type = await db.unitType.findUniqueOrThrow({ where: { code: 'xl' } });
    // Only confirmed places are offered a unit (double opt-in); a sign-up never confirmed is passed over.
    await db.waitingListEntry.create({ data: { unitTypeId: type.id, name: 'Unconfirmed', email: 'unconfirmed@example.com', createdAt: new Date('2026-10-01T00:00:00Z') } });
    const first = await db.waitingListEntry.create({ data: { unitTypeId: type.id, name: 'First', email: 'first@example.com', createdAt: new Date('2026-11-01T00:00:00Z'), confirmedAt: new Date('2026-11-01T00:10:00Z') } });
    await db.waitingListEntry.create({ data: { unitTypeId: type.id, name: 'Second', email: 'second@example.com', locale: 'ru', createdAt: new Date('2026-11-02T00:00:00Z'), confirmedAt: new Date('2026-11-02T00:10:00Z') } });
    const r = await createBooking(db, completeDraft({ unitTypeCode: 'xl', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer', contact: { ...completeDraft().contact, email: 'holder@example.com' } }), { ...opts, stripe: null });
    if (!r.ok) throw new Error('booking failed');
    // A transfer hold runs 48 hours; confirmed from the email, the address gets the reminder (docs/product-rules.md#holds).
    await confirmHold(db, r.reference, TEST_NOW);
    const unitId = (await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).unitId!;
    // 43 hours in: the hold ends within 6 hours.
    await runTwice(new Date(TEST_NOW.getTime() + 43 * 3600_000));
    expect(await emailsTo('holder@example.com', 'hold_expiring')).toHaveLength(1);
    const released = await runTwice(new Date(TEST_NOW.getTime() + 49 * 3600_000));
    expect(released.releasedHolds).toBe(1);
    expect(await emailsTo('holder@example.com', 'hold_expired')).toHaveLength(1);
    const offer = await db.waitingListOffer.findFirstOrThrow({ where: { unitId } });
    expect(offer.entryId).toBe(first.id);
    expect((await db.unit.findUniqueOrThrow({ where: { id: unitId } })).status).toBe('reserved');
    const mail = (await emailsTo('first@example.com', 'waiting_list_offer'))[0];
    expect(mail.html).toContain(`/checkout?unit=xl&amp;term=m2m&amp;offer=${offer.id}`);
    expect(await emailsTo('second@example.com')).toHaveLength(0);
    expect(await emailsTo('unconfirmed@example.com')).toHaveLength(0);
    // 24 hours later it goes to the next person, in Russian.
    await runTwice(new Date(TEST_NOW.getTime() + 74 * 3600_000));
    expect((await db.waitingListOffer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('expired');
    const second = await emailsTo('second@example.com', 'waiting_list_offer');
    expect(second).toHaveLength(1);
    expect(second[0].subject).toContain('24 часа');
  });

  it("queues a renewal's email with its invoice; the outbox job delivers it once, in the customer's language", async () => {
    const id = await cashBooking('m', '3m', 'queued@example.com', 'ru');
    const summary = await runBilling(db, { now: day('2027-02-18'), stripe: null });
    const [invoice] = await invoicesOf(id, 'renewal');
    expect(summary.invoiceEmails).toBeGreaterThanOrEqual(1);
    // Written by the transaction that issued the invoice, not composed or sent by the billing run.
    const queued = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `invoice_issued:${invoice.id}` } });
    expect(queued).toMatchObject({ status: 'pending', html: '', subject: '', template: 'invoice_issued', toAddress: 'queued@example.com', bookingId: id });
    const delivered = await runJobNow(db, 'tasks', { trigger: 'manual' });
    expect(delivered).toMatchObject({ ran: true, status: 'succeeded' });
    const sent = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `invoice_issued:${invoice.id}` } });
    expect(sent.status).toBe('sent');
    expect(sent.subject).toMatch(new RegExp(`^Счёт ${invoice.number}: `));
    expect(sent.html).toContain(`/pay-invoice/${invoice.id}?token=`);
    // Neither the next run nor the next delivery sends it again.
    await runBilling(db, { now: day('2027-02-18'), stripe: null });
    await runJobNow(db, 'tasks', { trigger: 'manual' });
    expect(await emailsTo('queued@example.com', 'invoice_issued')).toHaveLength(1);
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: sent.id } })).attempts).toBe(1);
  });

  it('two runs at once (two servers) issue each period once, under distinct numbers, with one email each', async () => {
    const ids = [await cashBooking('m', '3m', 'both-a@example.com'), await cashBooking('m', '3m', 'both-b@example.com'), await cashBooking('s', '3m', 'both-c@example.com')];
    const before = await db.invoice.count({ where: { kind: 'renewal' } });
    const [a, b] = await Promise.all([runBilling(db, { now: day('2027-02-18'), stripe: null }), runBilling(db, { now: day('2027-02-18'), stripe: null })]);
    const added = (await db.invoice.count({ where: { kind: 'renewal' } })) - before;
    expect(added).toBeGreaterThanOrEqual(ids.length);
    expect(a.renewalInvoices + b.renewalInvoices).toBe(added);
    for (const id of ids) expect(await invoicesOf(id, 'renewal')).toHaveLength(1);
    const numbers = (await db.invoice.findMany({ where: { bookingId: { in: ids } }, select: { number: true } })).map((i) => i.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    // Numbered in batches, still without a gap (lib/invoices/numbering.ts).
    const year = (await db.invoice.findMany({ where: { number: { startsWith: 'INV-2027-' } }, select: { number: true } })).map((i) => Number(i.number.slice(-6))).sort((x, y) => x - y);
    expect(year).toEqual(Array.from({ length: year.length }, (_, k) => k + 1));
    await runJobNow(db, 'tasks', { trigger: 'manual' });
    for (const email of ['both-a@example.com', 'both-b@example.com', 'both-c@example.com']) expect(await emailsTo(email, 'invoice_issued')).toHaveLength(1);
  });
});

describe('Stripe webhook: every event, signed by the fake', () => {
  async function openInvoice(email: string) {
    const id = await cashBooking('m', 'm2m', email);
    await runBilling(db, { now: day('2026-12-18'), stripe: null });
    return (await invoicesOf(id, 'renewal'))[0];
  }

  it('an invoice paid by card through Checkout is settled once, whatever the replays', async () => {
    const invoice = await openInvoice('paycard@example.com');
    const r = await startInvoiceCheckout(db, stripe, { invoiceId: invoice.id, method: 'card', locale: 'en' });
    if (!r.ok) throw new Error('no session');
    // Pressing the button again reuses the open session.
    expect(await startInvoiceCheckout(db, stripe, { invoiceId: invoice.id, method: 'card', locale: 'en' })).toEqual(r);
    const payment = await db.payment.findFirstOrThrow({ where: { invoiceId: invoice.id, provider: 'stripe' } });
    const session = fake.sessions.get(payment.providerSessionId!)!;
    expect(session.amountTotal).toBe(invoice.totalSatang);
    expect(session.params.success_url).toContain('/payment-success?invoice=');
    expect(session.params.success_url).toContain('session_id={CHECKOUT_SESSION_ID}');
    expect(await fake.complete(session.id)).toBe(200);
    const paid = await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(paid.status).toBe('paid');
    const event = fake.events.at(-1)!;
    const before = await footprint();
    expect(await fake.replay(event.id)).toBe(200);
    expect(await footprint()).toEqual(before);
    expect(await emailsTo('paycard@example.com', 'payment_received')).toHaveLength(1);
  });

  it('delayed PromptPay: completed unpaid waits, async success pays; async failure leaves the invoice open; out of order converges', async () => {
    const a = await openInvoice('async-ok@example.com');
    const ra = await startInvoiceCheckout(db, stripe, { invoiceId: a.id, method: 'promptpay', locale: 'th' });
    if (!ra.ok) throw new Error('no session');
    const pa = await db.payment.findFirstOrThrow({ where: { invoiceId: a.id, provider: 'stripe' } });
    expect(fake.sessions.get(pa.providerSessionId!)!.params['allowed_payment_method_types[0]']).toBe('promptpay');
    // Out of order: success arrives before the "completed (unpaid)" event.
    expect(await fake.asyncSucceed(pa.providerSessionId!)).toBe(200);
    expect(await fake.completeAsync(pa.providerSessionId!)).toBe(200);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('paid');
    // A late "expired" for the same session never undoes the payment.
    await fake.expire(pa.providerSessionId!);
    expect((await db.payment.findUniqueOrThrow({ where: { id: pa.id } })).status).toBe('paid');

    const b = await openInvoice('async-fail@example.com');
    const rb = await startInvoiceCheckout(db, stripe, { invoiceId: b.id, method: 'promptpay', locale: 'en' });
    if (!rb.ok) throw new Error('no session');
    const pb = await db.payment.findFirstOrThrow({ where: { invoiceId: b.id, provider: 'stripe' } });
    await fake.completeAsync(pb.providerSessionId!);
    expect((await db.payment.findUniqueOrThrow({ where: { id: pb.id } })).status).toBe('pending_payment');
    await fake.asyncFail(pb.providerSessionId!);
    expect((await db.payment.findUniqueOrThrow({ where: { id: pb.id } })).status).toBe('failed');
    expect((await db.invoice.findUniqueOrThrow({ where: { id: b.id } })).status).toBe('open');
  });

  it("an expired invoice session leaves the invoice open; a booking's first session releases its unit", async () => {
    const invoice = await openInvoice('expire@example.com');
    const r = await startInvoiceCheckout(db, stripe, { invoiceId: invoice.id, method: 'card', locale: 'en' });
    if (!r.ok) throw new Error('no session');
    const p = await db.payment.findFirstOrThrow({ where: { invoiceId: invoice.id, provider: 'stripe' } });
    await fake.expire(p.providerSessionId!);
    expect((await db.payment.findUniqueOrThrow({ where: { id: p.id } })).status).toBe('expired');
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('open');
  });

  it('refunds: a partial refund credits part of the invoice, the rest makes it refunded; each refund one credit note', async () => {
    const r = await createBooking(db, example1({ contact: { ...completeDraft().contact, email: 'refund@example.com' } }), { ...opts, stripe });
    if (!r.ok) throw new Error('booking failed');
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    await fake.complete(payment.providerSessionId!);
    const pi = (await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).providerPaymentId!;
    expect(await fake.refund(pi, 500_000)).toBe(200);
    const partial = await db.payment.findUniqueOrThrow({ where: { id: payment.id }, include: { creditNotes: true } });
    expect(partial).toMatchObject({ status: 'paid', refundedSatang: 500_000 });
    expect(partial.creditNotes).toHaveLength(1);
    expect(partial.creditNotes[0].number).toMatch(/^CN-2026-\d{6}$/);
    expect(partial.creditNotes[0].amountSatang).toBe(500_000);
    // The same refund told again by another event type: no second note.
    const refundId = partial.creditNotes[0].providerRefundId!;
    await fake.sendEvent('refund.created', { id: refundId, object: 'refund', amount: 500_000, payment_intent: pi, status: 'succeeded' });
    await fake.replay(fake.events.filter((e) => e.type === 'charge.refunded').at(-1)!.id);
    expect(await db.creditNote.count({ where: { paymentId: payment.id } })).toBe(1);
    expect(await fake.refund(pi)).toBe(200);
    const full = await db.payment.findUniqueOrThrow({ where: { id: payment.id }, include: { creditNotes: true, booking: true } });
    expect(full).toMatchObject({ status: 'refunded', refundedSatang: payment.amountSatang });
    expect(full.creditNotes.reduce((a, c) => a + c.amountSatang, 0)).toBe(payment.amountSatang);
    expect(full.booking.paymentStatus).toBe('refunded');
    // The invoice itself is never edited.
    const invoice = await db.invoice.findUniqueOrThrow({ where: { id: payment.invoiceId! } });
    expect(invoice.totalSatang).toBe(payment.amountSatang);
  });

  it('an unknown session is acknowledged and changes nothing; a bad signature is 400 and changes nothing', async () => {
    const before = await footprint();
    const events = await db.processedWebhookEvent.count();
    const payload = JSON.stringify({ id: 'evt_unknown_1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_nobody', object: 'checkout.session', payment_status: 'paid', metadata: {} } } });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(await processStripeWebhook(db, payload, header, SECRET)).toEqual({ status: 200, body: { received: true, outcome: 'unknown_session' } });
    expect(await processStripeWebhook(db, payload.replace('evt_unknown_1', 'evt_unknown_2'), header, SECRET)).toMatchObject({ status: 400, body: { error: 'invalid_signature' } });
    expect(await processStripeWebhook(db, payload, null, SECRET)).toMatchObject({ status: 400 });
    expect(await footprint()).toEqual(before);
    expect(await db.processedWebhookEvent.count()).toBe(events + 1);
  });
});
