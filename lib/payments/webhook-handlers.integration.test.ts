// Each Stripe event the webhook acts on, given to its handler as Stripe would send it (the signature is the route's
// job, checked last): what settles a payment, what never does, and what a replay or an unknown id changes (nothing).
// docs/product-rules.md#invoices-billing-and-delinquency.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { issueInvoice } from '@/lib/invoices/issue';
import { handleStripeEvent, STRIPE_EVENT_HANDLERS } from './webhook-events';
import { processStripeWebhook } from './webhook-route';
import { asFixture } from '@/lib/db/status-writes';
import { runTasks } from '@/lib/jobs/tasks';
import { WAITING_LIST_OFFER } from '@/lib/waiting-list/offer-task';

let db: Db;
let close: () => Promise<void>;
let tmp: string;
const SECRET = 'whsec_handlers';

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-webhook-handlers-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
  // Each booking here holds a unit: units of this file's own, so the types never run down to their last one.
  for (const code of ['s', 'm']) {
    const type = await db.unitType.findUniqueOrThrow({ where: { code } });
    await db.unit.createMany({ data: Array.from({ length: 20 }, (_, i) => ({ number: `${code.toUpperCase()}-W${i}`, unitTypeId: type.id, status: 'available' as const })) });
  }
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let seq = 0;
const next = (p: string) => `${p}_${Date.now().toString(36)}${++seq}`;

/** A reserved booking whose first invoice is being paid by a Checkout session `cs_…` of ours. */
async function cardCheckout(unitTypeCode = 'm') {
  const r = await createBooking(db, completeDraft({ unitTypeCode, paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  const p = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
  const sessionId = next('cs');
  const payment = await asFixture(() => db.payment.update({ where: { id: p.id }, data: { method: 'card', provider: 'stripe', status: 'pending_payment', providerSessionId: sessionId } }));
  const booking = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { customer: true } });
  return { booking, payment, sessionId };
}

function event(type: string, object: Record<string, unknown>): Stripe.Event {
  return { id: next('evt'), object: 'event', type, data: { object } } as unknown as Stripe.Event;
}
const session = (o: Record<string, unknown>) => ({ object: 'checkout.session', payment_status: 'paid', currency: 'thb', customer: null, payment_intent: null, metadata: {}, ...o });
const intent = (o: Record<string, unknown>) => ({ object: 'payment_intent', currency: 'thb', metadata: {}, ...o });

const paymentOf = (id: string) => db.payment.findUniqueOrThrow({ where: { id } });
const bookingOf = (id: string) => db.booking.findUniqueOrThrow({ where: { id } });

describe('checkout.session.completed', () => {
  it('settles exactly the amount owed in baht: payment paid with its intent, booking confirmed, card saved; a replay is a duplicate', async () => {
    const { booking, payment, sessionId } = await cardCheckout();
    const e = event('checkout.session.completed', session({ id: sessionId, amount_total: payment.amountSatang, currency: 'THB', customer: 'cus_saved', payment_intent: 'pi_first' }));
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('processed');
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'paid', providerPaymentId: 'pi_first', paidAt: TEST_NOW });
    expect(await bookingOf(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect((await db.customer.findUniqueOrThrow({ where: { id: booking.customerId } })).stripeCustomerId).toBe('cus_saved');
    expect(await db.emailMessage.count({ where: { bookingId: booking.id, template: 'booking_confirmation' } })).toBe(1);
    const audits = await db.auditLog.count();
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('duplicate');
    expect(await db.auditLog.count()).toBe(audits);
  });

  it('a checkout without a Stripe customer keeps the card the customer saved before', async () => {
    const { booking, payment, sessionId } = await cardCheckout();
    await db.customer.update({ where: { id: booking.customerId }, data: { stripeCustomerId: 'cus_saved_before' } });
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: sessionId, amount_total: payment.amountSatang, customer: null })), TEST_NOW)).toBe('processed');
    expect((await db.customer.findUniqueOrThrow({ where: { id: booking.customerId } })).stripeCustomerId).toBe('cus_saved_before');
  });

  it('a customer and intent given as objects are read by their ids; no amount given is no mismatch', async () => {
    const { booking, payment, sessionId } = await cardCheckout();
    const e = event('checkout.session.async_payment_succeeded', session({ id: sessionId, amount_total: null, customer: { id: 'cus_object' }, payment_intent: 'pi_obj' }));
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('processed');
    expect((await db.customer.findUniqueOrThrow({ where: { id: booking.customerId } })).stripeCustomerId).toBe('cus_object');
    expect((await paymentOf(payment.id)).status).toBe('paid');
  });

  it('one satang short or over, or another currency: nothing paid, the mismatch logged for staff with both amounts', async () => {
    const { booking, payment, sessionId } = await cardCheckout();
    for (const [amount, currency] of [
      [payment.amountSatang - 1, 'thb'],
      [payment.amountSatang + 1, 'thb'],
      [payment.amountSatang, 'usd'],
    ] as const) {
      expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: sessionId, amount_total: amount, currency, customer: 'cus_never' })), TEST_NOW)).toBe('ignored');
    }
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'pending_payment', paidAt: null });
    expect(await bookingOf(booking.id)).toMatchObject({ status: 'reserved' });
    expect((await db.customer.findUniqueOrThrow({ where: { id: booking.customerId } })).stripeCustomerId).toBeNull();
    const audits = await db.auditLog.findMany({ where: { entityId: payment.id, action: 'payment.amount_mismatch' }, orderBy: { createdAt: 'asc' } });
    expect(audits.map((a) => a.entity)).toEqual(['payment', 'payment', 'payment']);
    expect(audits.map((a) => a.data)).toEqual([
      { before: null, after: { paid: payment.amountSatang - 1, currency: 'thb', owed: payment.amountSatang }, note: 'needs staff attention' },
      { before: null, after: { paid: payment.amountSatang + 1, currency: 'thb', owed: payment.amountSatang }, note: 'needs staff attention' },
      { before: null, after: { paid: payment.amountSatang, currency: 'usd', owed: payment.amountSatang }, note: 'needs staff attention' },
    ]);
  });

  it('unpaid (a delayed method) waits for its own event; no_payment_required settles', async () => {
    const { payment, sessionId } = await cardCheckout();
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: sessionId, payment_status: 'unpaid', amount_total: payment.amountSatang })), TEST_NOW)).toBe('ignored');
    expect((await paymentOf(payment.id)).status).toBe('pending_payment');
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: sessionId, payment_status: 'no_payment_required', amount_total: payment.amountSatang })), TEST_NOW)).toBe('processed');
    expect((await paymentOf(payment.id)).status).toBe('paid');
  });

  it('a session we have not stored yet is found by the payment id, else the booking id, in its metadata; otherwise it is unknown', async () => {
    const a = await cardCheckout('s');
    await db.payment.update({ where: { id: a.payment.id }, data: { providerSessionId: null } });
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: next('cs'), amount_total: a.payment.amountSatang, metadata: { paymentId: a.payment.id } })), TEST_NOW)).toBe('processed');
    expect((await paymentOf(a.payment.id)).status).toBe('paid');

    const b = await cardCheckout('s');
    await db.payment.update({ where: { id: b.payment.id }, data: { providerSessionId: null } });
    // Made after b's first payment: a card payment of a later invoice of b, and another booking's payment.
    const fee = await db.$transaction((tx) =>
      issueInvoice(tx, { bookingId: b.booking.id, kind: 'fee', lines: [{ kind: 'fee', description: 'Fee', quantity: 1, unitSatang: 100_00, amountSatang: 100_00 }], vatSatang: 7_00, issuedAt: TEST_NOW, dueAt: null }),
    );
    const feePayment = await db.payment.create({ data: { bookingId: b.booking.id, invoiceId: fee.id, method: 'card', provider: 'stripe', status: 'pending_payment', amountSatang: 100_00 } });
    const c = await cardCheckout('s');
    await db.payment.update({ where: { id: c.payment.id }, data: { providerSessionId: null } });
    const byBooking = next('cs');
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: byBooking, amount_total: b.payment.amountSatang, metadata: { paymentId: 'gone', bookingId: b.booking.id } })), TEST_NOW)).toBe('processed');
    expect(await paymentOf(b.payment.id)).toMatchObject({ status: 'paid', providerSessionId: byBooking });
    expect((await paymentOf(feePayment.id)).status).toBe('pending_payment');

    // A later invoice's checkout names its invoice: never matched to the booking's first payment.
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: next('cs'), amount_total: c.payment.amountSatang, metadata: { bookingId: c.booking.id, invoiceId: 'inv' } })), TEST_NOW)).toBe('unknown_session');
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: next('cs'), amount_total: c.payment.amountSatang, metadata: {} })), TEST_NOW)).toBe('unknown_session');
    expect((await paymentOf(c.payment.id)).status).toBe('pending_payment');
  });
});

describe('checkout.session.expired and async_payment_failed', () => {
  it("a first checkout that ends unpaid releases the booking's unit; failed says why", async () => {
    const { booking, payment, sessionId } = await cardCheckout();
    const unitId = booking.unitId!;
    expect(await handleStripeEvent(db, event('checkout.session.async_payment_failed', session({ id: sessionId, payment_status: 'unpaid' })), TEST_NOW)).toBe('processed');
    // The payment is marked failed with the reason for staff (the release that follows leaves a closed payment as it is).
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'failed', failureMessage: 'asynchronous payment failed' });
    expect(await bookingOf(booking.id)).toMatchObject({ status: 'expired' });
    expect(await db.unit.findUniqueOrThrow({ where: { id: unitId } })).toMatchObject({ status: 'available', currentBookingId: null });

    const other = await cardCheckout();
    expect(await handleStripeEvent(db, event('checkout.session.expired', session({ id: other.sessionId, payment_status: 'unpaid' })), TEST_NOW)).toBe('processed');
    expect(await paymentOf(other.payment.id)).toMatchObject({ status: 'expired', failureMessage: null });
    expect((await bookingOf(other.booking.id)).status).toBe('expired');
    expect(await handleStripeEvent(db, event('checkout.session.expired', session({ id: next('cs') })), TEST_NOW)).toBe('unknown_session');
  });

  it("a later invoice's checkout ending leaves the booking and its unit alone", async () => {
    const { booking, payment } = await cardCheckout();
    const invoice = await db.$transaction((tx) =>
      issueInvoice(tx, { bookingId: booking.id, kind: 'fee', lines: [{ kind: 'fee', description: 'Fee', quantity: 1, unitSatang: 250_00, amountSatang: 250_00 }], vatSatang: 16_36, issuedAt: TEST_NOW, dueAt: null }),
    );
    const sessionId = next('cs');
    const feePayment = await db.payment.create({ data: { bookingId: booking.id, invoiceId: invoice.id, method: 'card', provider: 'stripe', status: 'pending_payment', amountSatang: 250_00, providerSessionId: sessionId } });
    const e = event('checkout.session.expired', session({ id: sessionId }));
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('processed');
    expect((await paymentOf(feePayment.id)).status).toBe('expired');
    expect(await bookingOf(booking.id)).toMatchObject({ status: 'reserved' });
    expect((await paymentOf(payment.id)).status).toBe('pending_payment');
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('duplicate');
  });
});

describe('payment_intent events (off-session renewals and invoice payments)', () => {
  it('succeeded: settles our payment, found by its intent id or by the payment id we put in the metadata', async () => {
    const a = await cardCheckout();
    await db.payment.update({ where: { id: a.payment.id }, data: { providerPaymentId: 'pi_known' } });
    const e = event('payment_intent.succeeded', intent({ id: 'pi_known', amount_received: a.payment.amountSatang }));
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('processed');
    expect(await paymentOf(a.payment.id)).toMatchObject({ status: 'paid', providerPaymentId: 'pi_known' });
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('duplicate');

    const b = await cardCheckout();
    expect(await handleStripeEvent(db, event('payment_intent.succeeded', intent({ id: 'pi_meta', amount_received: b.payment.amountSatang, currency: 'THB', metadata: { paymentId: b.payment.id } })), TEST_NOW)).toBe('processed');
    expect(await paymentOf(b.payment.id)).toMatchObject({ status: 'paid', providerPaymentId: 'pi_meta' });
  });

  it('succeeded for another amount or currency settles nothing; intents that are not ours are ignored or unknown', async () => {
    const { payment } = await cardCheckout();
    const meta = { paymentId: payment.id };
    expect(await handleStripeEvent(db, event('payment_intent.succeeded', intent({ id: next('pi'), amount_received: payment.amountSatang - 1, metadata: meta })), TEST_NOW)).toBe('ignored');
    expect(await handleStripeEvent(db, event('payment_intent.succeeded', intent({ id: next('pi'), amount_received: payment.amountSatang + 1, metadata: meta })), TEST_NOW)).toBe('ignored');
    expect(await handleStripeEvent(db, event('payment_intent.succeeded', intent({ id: next('pi'), amount_received: payment.amountSatang, currency: 'usd', metadata: meta })), TEST_NOW)).toBe('ignored');
    expect((await paymentOf(payment.id)).status).toBe('pending_payment');
    expect(await handleStripeEvent(db, event('payment_intent.succeeded', intent({ id: next('pi'), amount_received: 100 })), TEST_NOW)).toBe('ignored');
    expect(await handleStripeEvent(db, event('payment_intent.succeeded', intent({ id: next('pi'), amount_received: 100, metadata: { paymentId: 'nope' } })), TEST_NOW)).toBe('unknown_payment');
  });

  it("payment_failed: the payment fails with Stripe's message, keeps the intent, and the customer gets the pay link once", async () => {
    const { booking, payment } = await cardCheckout();
    const e = event('payment_intent.payment_failed', intent({ id: 'pi_declined', metadata: { paymentId: payment.id }, last_payment_error: { message: 'Your card has insufficient funds.' } }));
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('processed');
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'failed', failureMessage: 'Your card has insufficient funds.', providerPaymentId: 'pi_declined' });
    expect(await db.emailMessage.count({ where: { bookingId: booking.id, template: 'card_payment_failed' } })).toBe(1);
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('duplicate');
    // Failing it again (another event, another intent of ours) changes nothing, keeps the first intent, sends nothing.
    expect(await handleStripeEvent(db, event('payment_intent.payment_failed', intent({ id: 'pi_declined' })), TEST_NOW)).toBe('processed');
    expect(await handleStripeEvent(db, event('payment_intent.payment_failed', intent({ id: 'pi_retry', metadata: { paymentId: payment.id } })), TEST_NOW)).toBe('processed');
    expect((await paymentOf(payment.id)).providerPaymentId).toBe('pi_declined');
    expect(await db.emailMessage.count({ where: { bookingId: booking.id, template: 'card_payment_failed' } })).toBe(1);

    const other = await cardCheckout();
    await db.payment.update({ where: { id: other.payment.id }, data: { providerPaymentId: 'pi_first_try' } });
    expect(await handleStripeEvent(db, event('payment_intent.payment_failed', intent({ id: 'pi_first_try' })), TEST_NOW)).toBe('processed');
    expect(await paymentOf(other.payment.id)).toMatchObject({ status: 'failed', failureMessage: 'card declined', providerPaymentId: 'pi_first_try' });
    expect(await handleStripeEvent(db, event('payment_intent.payment_failed', intent({ id: next('pi') })), TEST_NOW)).toBe('ignored');
    expect(await handleStripeEvent(db, event('payment_intent.payment_failed', intent({ id: next('pi'), metadata: { paymentId: 'nope' } })), TEST_NOW)).toBe('unknown_payment');
  });
});

describe('refunds (charge.refunded, refund.created, refund.updated)', () => {
  /** A first invoice paid by card through intent `pi`. */
  async function paidByCard() {
    const c = await cardCheckout();
    const pi = next('pi');
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: c.sessionId, amount_total: c.payment.amountSatang, payment_intent: pi })), TEST_NOW)).toBe('processed');
    return { ...c, pi };
  }
  const refund = (o: { id: string } & Record<string, unknown>) => ({ object: 'refund', status: 'succeeded', reason: null, metadata: {}, ...o });
  const notes = (paymentId: string) => db.creditNote.findMany({ where: { paymentId }, orderBy: { number: 'asc' } });

  it('a part refund: one credit note per refund id, the payment stays paid with the amount refunded', async () => {
    const { payment, pi } = await paidByCard();
    const r1 = refund({ id: next('re'), amount: 100_00, payment_intent: pi, reason: 'requested_by_customer' });
    expect(await handleStripeEvent(db, event('refund.created', r1), TEST_NOW)).toBe('processed');
    // The same refund told again by another event: no second note.
    expect(await handleStripeEvent(db, event('refund.updated', r1), TEST_NOW)).toBe('processed');
    expect(await notes(payment.id)).toEqual([expect.objectContaining({ amountSatang: 100_00, reason: 'refund (requested_by_customer)', providerRefundId: r1.id, dedupeKey: `refund:${r1.id}` })]);
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'paid', refundedSatang: 100_00 });
    expect(await db.auditLog.count({ where: { entityId: payment.id, action: 'payment.refund_partial' } })).toBe(1);
    // A refund that failed or was cancelled credits nothing.
    for (const status of ['failed', 'canceled']) expect(await handleStripeEvent(db, event('refund.updated', refund({ id: next('re'), amount: 5_00, payment_intent: pi, status })), TEST_NOW)).toBe('processed');
    expect(await notes(payment.id)).toHaveLength(1);
  });

  it('refunds that cover the payment make it refunded, and the booking too when it was the first invoice; a deposit refund credits no VAT', async () => {
    const { booking, payment, pi } = await paidByCard();
    const charge = { id: next('ch'), object: 'charge', payment_intent: pi, refunds: { data: [refund({ id: next('re'), amount: 1_000_00, metadata: { kind: 'deposit' } }), refund({ id: next('re'), amount: payment.amountSatang - 1_000_00 })] } };
    expect(await handleStripeEvent(db, event('charge.refunded', charge), TEST_NOW)).toBe('processed');
    const credited = await notes(payment.id);
    expect(credited.map((n) => n.amountSatang).sort((a, b) => a - b)).toEqual([1_000_00, payment.amountSatang - 1_000_00].sort((a, b) => a - b));
    expect(credited.find((n) => n.amountSatang === 1_000_00)).toMatchObject({ vatSatang: 0, reason: 'refund' });
    expect(credited.find((n) => n.amountSatang !== 1_000_00)!.vatSatang).toBeGreaterThan(0);
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'refunded', refundedSatang: payment.amountSatang });
    expect((await bookingOf(booking.id)).paymentStatus).toBe('refunded');
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: payment.id, action: 'payment.refund_full' } })).toMatchObject({ data: { before: { refundedSatang: 0 }, after: { refundedSatang: payment.amountSatang } } });
    // Told again (another event, then the same one replayed): nothing more.
    const audits = await db.auditLog.count();
    const again = event('charge.refunded', charge);
    expect(await handleStripeEvent(db, again, TEST_NOW)).toBe('processed');
    expect(await handleStripeEvent(db, again, TEST_NOW)).toBe('duplicate');
    expect(await db.auditLog.count()).toBe(audits);
  });

  it("a later invoice refunded in full: its payment is refunded, the booking's own payment status stays paid", async () => {
    const { booking } = await paidByCard();
    const invoice = await db.$transaction((tx) =>
      issueInvoice(tx, { bookingId: booking.id, kind: 'fee', lines: [{ kind: 'fee', description: 'Fee', quantity: 1, unitSatang: 250_00, amountSatang: 250_00 }], vatSatang: 16_00, issuedAt: TEST_NOW, dueAt: null }),
    );
    const pi = next('pi');
    const fee = await db.payment.create({ data: { bookingId: booking.id, invoiceId: invoice.id, method: 'card', provider: 'stripe', status: 'paid', amountSatang: 250_00, providerPaymentId: pi } });
    const e = event('refund.created', refund({ id: next('re'), amount: 250_00, payment_intent: pi }));
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('processed');
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('duplicate');
    expect(await paymentOf(fee.id)).toMatchObject({ status: 'refunded', refundedSatang: 250_00 });
    expect((await bookingOf(booking.id)).paymentStatus).toBe('paid');
  });

  it('a refund of an intent we do not know, or of no intent, changes nothing', async () => {
    expect(await handleStripeEvent(db, event('refund.created', refund({ id: next('re'), amount: 1_00, payment_intent: next('pi') })), TEST_NOW)).toBe('unknown_payment');
    expect(await handleStripeEvent(db, event('refund.created', refund({ id: next('re'), amount: 1_00, payment_intent: null })), TEST_NOW)).toBe('ignored');
    expect(await handleStripeEvent(db, event('charge.refunded', { id: next('ch'), object: 'charge', payment_intent: { id: next('pi') }, refunds: { data: [] } }), TEST_NOW)).toBe('unknown_payment');
  });
});

describe('events we do not handle, and the signature', () => {
  it('are acknowledged and ignored, even with the name of an object property', async () => {
    expect(await handleStripeEvent(db, event('customer.created', { id: 'cus_1' }), TEST_NOW)).toBe('ignored');
    expect(await handleStripeEvent(db, event('toString', {}), TEST_NOW)).toBe('ignored');
    expect(Object.keys(STRIPE_EVENT_HANDLERS).sort()).toEqual([
      'charge.refunded',
      'checkout.session.async_payment_failed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
      'checkout.session.expired',
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
      'refund.created',
      'refund.updated',
    ]);
  });

  it('the route answers 503 unconfigured, 400 without or with a wrong signature, 200 with the outcome when signed', async () => {
    const { payment, sessionId } = await cardCheckout();
    const body = JSON.stringify(event('checkout.session.completed', session({ id: sessionId, amount_total: payment.amountSatang })));
    const signed = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    expect(await processStripeWebhook(db, body, signed, undefined)).toEqual({ status: 503, body: { error: 'webhook_not_configured' } });
    expect(await processStripeWebhook(db, body, null, SECRET)).toEqual({ status: 400, body: { error: 'missing_signature' } });
    expect(await processStripeWebhook(db, body, Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' }), SECRET)).toEqual({ status: 400, body: { error: 'invalid_signature' } });
    expect((await paymentOf(payment.id)).status).toBe('pending_payment');
    expect(await processStripeWebhook(db, body, signed, SECRET)).toEqual({ status: 200, body: { received: true, outcome: 'processed' } });
    expect((await paymentOf(payment.id)).status).toBe('paid');
  });
});

/**
 * A stand-in for the few Stripe API calls the handlers make themselves (a setup intent read, a customer's default card
 * set, a charge's refunds listed), pointed at by STRIPE_API_BASE for one test; it records what it was asked.
 */
async function withStripeApi(answer: (method: string, url: URL, body: string) => [number, unknown], run: (calls: { method: string; path: string; query: string; body: string }[]) => Promise<void>) {
  const calls: { method: string; path: string; query: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      calls.push({ method: req.method ?? '', path: url.pathname, query: url.search, body: decodeURIComponent(body) });
      const [status, json] = req.headers.authorization === 'Bearer sk_test_handlers' ? answer(req.method ?? '', url, body) : [401, { error: { type: 'invalid_request_error', message: 'bad key' } }];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  setEnvForTests({ STRIPE_SECRET_KEY: 'sk_test_handlers', STRIPE_API_BASE: `http://127.0.0.1:${port}` });
  try {
    await run(calls);
  } finally {
    setEnvForTests({ STRIPE_SECRET_KEY: undefined, STRIPE_API_BASE: undefined });
    await new Promise((resolve) => server.close(resolve));
  }
}

/** cardCheckout's booking starts as a cash one, which staff hear of when it is made; a card booking is news only once paid. */
async function unannouncedCardCheckout() {
  const c = await cardCheckout();
  await db.emailMessage.deleteMany({ where: { template: 'staff_new_booking', dedupeKey: { startsWith: `staff_alert:new_booking:${c.booking.id}:` } } });
  return c;
}
const newBookingAlerts = (bookingId: string) => db.emailMessage.count({ where: { template: 'staff_new_booking', dedupeKey: { startsWith: `staff_alert:new_booking:${bookingId}:` } } });

describe('what a settled payment sends, and who is told', () => {
  it('a first checkout paid: the confirmation and the receipt are delivered, and staff are told of the new booking', async () => {
    const { booking, payment, sessionId } = await unannouncedCardCheckout();
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: sessionId, amount_total: payment.amountSatang })), TEST_NOW)).toBe('processed');
    expect(await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `booking_confirmation:${booking.id}` } })).toMatchObject({ status: 'sent' });
    expect(await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `payment_received:${payment.id}` } })).toMatchObject({ template: 'payment_received', status: 'sent', toAddress: booking.customer.email });
    expect(await newBookingAlerts(booking.id)).toBeGreaterThan(0);
  });

  it('a later invoice paid by card: its receipt only, no booking confirmation and no new-booking alert', async () => {
    const { booking } = await unannouncedCardCheckout();
    const fee = await db.$transaction((tx) =>
      issueInvoice(tx, { bookingId: booking.id, kind: 'fee', lines: [{ kind: 'fee', description: 'Fee', quantity: 1, unitSatang: 300_00, amountSatang: 300_00 }], vatSatang: 19_63, issuedAt: TEST_NOW, dueAt: null }),
    );
    const p = await db.payment.create({ data: { bookingId: booking.id, invoiceId: fee.id, method: 'card', provider: 'stripe', status: 'pending_payment', amountSatang: 300_00 } });
    expect(await handleStripeEvent(db, event('payment_intent.succeeded', intent({ id: next('pi'), amount_received: 300_00, metadata: { paymentId: p.id } })), TEST_NOW)).toBe('processed');
    expect(await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `payment_received:${p.id}` } })).toMatchObject({ status: 'sent' });
    expect(await db.emailMessage.count({ where: { bookingId: booking.id, template: 'booking_confirmation' } })).toBe(0);
    expect(await newBookingAlerts(booking.id)).toBe(0);
    expect(await bookingOf(booking.id)).toMatchObject({ status: 'reserved' });
  });

  it('a decline of a retried renewal charge emails that attempt (its own key, the next try named); a payment with no invoice emails nothing', async () => {
    const { booking } = await cardCheckout();
    const due = new Date('2026-03-01T00:00:00+07:00');
    const renewal = await db.$transaction((tx) =>
      issueInvoice(tx, { bookingId: booking.id, kind: 'renewal', lines: [{ kind: 'fee', description: 'Rent', quantity: 1, unitSatang: 1_000_00, amountSatang: 1_000_00 }], vatSatang: 65_42, issuedAt: TEST_NOW, dueAt: due }),
    );
    const p = await db.payment.create({ data: { bookingId: booking.id, invoiceId: renewal.id, method: 'card', provider: 'stripe', status: 'pending', amountSatang: 1_000_00, idempotencyKey: `offsession:${renewal.id}:1` } });
    expect(await handleStripeEvent(db, event('payment_intent.payment_failed', intent({ id: next('pi'), metadata: { paymentId: p.id } })), TEST_NOW)).toBe('processed');
    const mail = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `card_payment_failed:${renewal.id}:1` } });
    expect(mail.template).toBe('card_payment_failed');
    expect(await db.emailMessage.count({ where: { dedupeKey: `card_payment_failed:${renewal.id}` } })).toBe(0);

    const loose = await db.payment.create({ data: { bookingId: booking.id, method: 'card', provider: 'stripe', status: 'pending', amountSatang: 5_00 } });
    const emails = await db.emailMessage.count();
    expect(await handleStripeEvent(db, event('payment_intent.payment_failed', intent({ id: next('pi'), metadata: { paymentId: loose.id } })), TEST_NOW)).toBe('processed');
    expect((await paymentOf(loose.id)).status).toBe('failed');
    expect(await db.emailMessage.count()).toBe(emails);
  });

  it('a decline told about a payment already closed leaves it as it was, without the intent', async () => {
    const { payment } = await cardCheckout();
    await asFixture(() => db.payment.update({ where: { id: payment.id }, data: { status: 'failed', failureMessage: 'earlier' } }));
    expect(await handleStripeEvent(db, event('payment_intent.payment_failed', intent({ id: next('pi'), metadata: { paymentId: payment.id } })), TEST_NOW)).toBe('processed');
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'failed', failureMessage: 'earlier', providerPaymentId: null });
  });
});

describe('events with fields left out, and the fallback by booking', () => {
  it('a session with no metadata at all is unknown; one with no currency, or an intent with neither currency nor amount, is judged on what it says', async () => {
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: next('cs'), amount_total: 100, metadata: null })), TEST_NOW)).toBe('unknown_session');
    const a = await cardCheckout();
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: a.sessionId, amount_total: a.payment.amountSatang, currency: null })), TEST_NOW)).toBe('processed');
    expect((await paymentOf(a.payment.id)).status).toBe('paid');
    const b = await cardCheckout();
    expect(await handleStripeEvent(db, event('payment_intent.succeeded', { id: next('pi'), object: 'payment_intent', metadata: { paymentId: b.payment.id } }), TEST_NOW)).toBe('processed');
    expect((await paymentOf(b.payment.id)).status).toBe('paid');
  });

  it("found by booking id: the booking's latest first-invoice card payment is the one settled", async () => {
    const { booking, payment } = await cardCheckout('s');
    await db.payment.update({ where: { id: payment.id }, data: { providerSessionId: null } });
    const latest = await db.payment.create({ data: { bookingId: booking.id, invoiceId: payment.invoiceId, method: 'card', provider: 'stripe', status: 'pending_payment', amountSatang: payment.amountSatang, createdAt: new Date(payment.createdAt.getTime() + 60_000) } });
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: next('cs'), amount_total: payment.amountSatang, metadata: { bookingId: booking.id } })), TEST_NOW)).toBe('processed');
    expect((await paymentOf(latest.id)).status).toBe('paid');
    expect((await paymentOf(payment.id)).status).toBe('pending_payment');
  });

  it('an expiry told again for a booking already released changes nothing more; a released unit is offered to the waiting list', async () => {
    const type = await db.unitType.findUniqueOrThrow({ where: { code: 'l' } });
    await db.unit.createMany({ data: [0, 1].map((i) => ({ number: `L-W${i}`, unitTypeId: type.id, status: 'available' as const })) });
    const entry = await db.waitingListEntry.create({ data: { unitTypeId: type.id, name: 'Waiting Person', email: 'waiting.handlers@example.com', confirmedAt: TEST_NOW, createdAt: TEST_NOW } });
    const { booking, payment, sessionId } = await cardCheckout('l');
    expect(await handleStripeEvent(db, event('checkout.session.expired', session({ id: sessionId })), TEST_NOW)).toBe('processed');
    // The release wrote the offer as a task; the worker runs it once the release commits.
    await runTasks(db, { types: [WAITING_LIST_OFFER.type] });
    expect(await db.waitingListOffer.findMany({ where: { entryId: entry.id } })).toEqual([expect.objectContaining({ unitId: booking.unitId, status: 'offered' })]);
    // Another session of the same payment expiring later: the booking is no longer held, nothing is released or offered again.
    expect(await handleStripeEvent(db, event('checkout.session.expired', session({ id: next('cs'), metadata: { paymentId: payment.id } })), TEST_NOW)).toBe('processed');
    await runTasks(db, { types: [WAITING_LIST_OFFER.type] });
    expect(await db.waitingListOffer.count({ where: { entryId: entry.id } })).toBe(1);
    expect((await bookingOf(booking.id)).status).toBe('expired');
  });
});

describe('refunds: edges', () => {
  const refund = (o: { id: string } & Record<string, unknown>) => ({ object: 'refund', status: 'succeeded', reason: null, metadata: {}, ...o });
  async function paidByCard() {
    const c = await cardCheckout();
    const pi = next('pi');
    expect(await handleStripeEvent(db, event('checkout.session.completed', session({ id: c.sessionId, amount_total: c.payment.amountSatang, payment_intent: pi })), TEST_NOW)).toBe('processed');
    return { ...c, pi };
  }

  it("one payment's refunds never count toward another's; the audit rows name the payment and the amounts", async () => {
    const a = await paidByCard();
    expect(await handleStripeEvent(db, event('refund.created', refund({ id: next('re'), amount: a.payment.amountSatang, payment_intent: a.pi })), TEST_NOW)).toBe('processed');
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: a.payment.id, action: 'payment.refund' } })).toMatchObject({ entity: 'payment', data: { before: { status: 'paid' }, after: { status: 'refunded', refundedSatang: a.payment.amountSatang } } });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: a.payment.id, action: 'payment.refund_full' } })).toMatchObject({ entity: 'payment' });
    const b = await paidByCard();
    expect(await handleStripeEvent(db, event('refund.created', refund({ id: next('re'), amount: 100_00, payment_intent: b.pi })), TEST_NOW)).toBe('processed');
    expect(await paymentOf(b.payment.id)).toMatchObject({ status: 'paid', refundedSatang: 100_00 });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: b.payment.id, action: 'payment.refund_partial' } })).toMatchObject({ entity: 'payment', data: { before: { refundedSatang: 0 }, after: { refundedSatang: 100_00 } } });
  });

  it('a refund of a payment with no invoice credits nothing; a payment of nothing is never marked refunded', async () => {
    const { booking } = await cardCheckout();
    const piLoose = next('pi');
    const loose = await db.payment.create({ data: { bookingId: booking.id, method: 'card', provider: 'stripe', status: 'paid', amountSatang: 50_00, providerPaymentId: piLoose } });
    expect(await handleStripeEvent(db, event('refund.created', refund({ id: next('re'), amount: 50_00, payment_intent: piLoose })), TEST_NOW)).toBe('processed');
    expect(await db.creditNote.count({ where: { paymentId: loose.id } })).toBe(0);
    expect(await paymentOf(loose.id)).toMatchObject({ status: 'paid', refundedSatang: 0 });

    const fee = await db.$transaction((tx) =>
      issueInvoice(tx, { bookingId: booking.id, kind: 'fee', lines: [{ kind: 'fee', description: 'Fee', quantity: 1, unitSatang: 100_00, amountSatang: 100_00 }], vatSatang: 6_54, issuedAt: TEST_NOW, dueAt: null }),
    );
    const piZero = next('pi');
    const zero = await db.payment.create({ data: { bookingId: booking.id, invoiceId: fee.id, method: 'card', provider: 'stripe', status: 'paid', amountSatang: 0, providerPaymentId: piZero } });
    expect(await handleStripeEvent(db, event('refund.updated', refund({ id: next('re'), amount: 1_00, payment_intent: piZero, status: 'canceled' })), TEST_NOW)).toBe('processed');
    expect(await paymentOf(zero.id)).toMatchObject({ status: 'paid', refundedSatang: 0 });
    expect(await db.auditLog.count({ where: { entityId: zero.id } })).toBe(0);
  });

  it('charge.refunded without its refunds: listed from Stripe by the charge, credited once; with card payments off, nothing credited', async () => {
    const { payment, pi } = await paidByCard();
    const chargeId = next('ch');
    const e = event('charge.refunded', { id: chargeId, object: 'charge', payment_intent: pi });
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('processed');
    expect(await db.creditNote.count({ where: { paymentId: payment.id } })).toBe(0);
    expect((await paymentOf(payment.id)).refundedSatang).toBe(0);

    const reId = next('re');
    await withStripeApi(
      (method, url) => (method === 'GET' && url.pathname === '/v1/refunds' ? [200, { object: 'list', has_more: false, url: '/v1/refunds', data: [refund({ id: reId, amount: 200_00, payment_intent: pi, reason: 'duplicate' })] }] : [404, { error: { type: 'invalid_request_error', message: 'no route' } }]),
      async (calls) => {
        const again = event('charge.refunded', { id: chargeId, object: 'charge', payment_intent: pi });
        expect(await handleStripeEvent(db, again, TEST_NOW)).toBe('processed');
        expect(calls).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/refunds', query: `?charge=${chargeId}&limit=100` })]);
        expect(await db.creditNote.findMany({ where: { paymentId: payment.id } })).toEqual([expect.objectContaining({ amountSatang: 200_00, providerRefundId: reId, reason: 'refund (duplicate)' })]);
        expect(await paymentOf(payment.id)).toMatchObject({ status: 'paid', refundedSatang: 200_00 });
        expect(await handleStripeEvent(db, again, TEST_NOW)).toBe('duplicate');
      },
    );
  });
  it('a refund told before the charge succeeded (events out of order): recorded once while the charge is processing, the payment refunded once it is paid', async () => {
    // A renewal charged to the saved card whose answer was 'processing': the payment waits, the intent known.
    const { booking } = await cardCheckout();
    const renewal = await db.$transaction((tx) =>
      issueInvoice(tx, { bookingId: booking.id, kind: 'renewal', lines: [{ kind: 'fee', description: 'Rent', quantity: 1, unitSatang: 1_070_00, amountSatang: 1_070_00 }], vatSatang: 70_00, issuedAt: TEST_NOW, dueAt: TEST_NOW }),
    );
    const pi = next('pi');
    const p = await db.payment.create({ data: { bookingId: booking.id, invoiceId: renewal.id, method: 'card', provider: 'stripe', status: 'pending_payment', amountSatang: 1_070_00, providerPaymentId: pi } });
    const full = refund({ id: next('re'), amount: 1_070_00, payment_intent: pi });
    const fullAudits = () => db.auditLog.count({ where: { entityId: p.id, action: 'payment.refund_full' } });

    // The refund arrives first: credited and recorded, the payment not moved (it was never paid), the webhook answered.
    expect(await handleStripeEvent(db, event('refund.created', full), TEST_NOW)).toBe('processed');
    expect(await paymentOf(p.id)).toMatchObject({ status: 'pending_payment', refundedSatang: 1_070_00 });
    expect(await db.creditNote.count({ where: { paymentId: p.id } })).toBe(1);
    expect(await fullAudits()).toBe(1);
    // Told again while the charge still waits: nothing new, not even an audit row.
    expect(await handleStripeEvent(db, event('refund.updated', full), TEST_NOW)).toBe('processed');
    expect(await fullAudits()).toBe(1);

    // The success arrives late and pays the invoice; the next refund event moves the payment to refunded, once.
    expect(await handleStripeEvent(db, event('payment_intent.succeeded', intent({ id: pi, amount_received: 1_070_00 })), TEST_NOW)).toBe('processed');
    expect((await paymentOf(p.id)).status).toBe('paid');
    expect(await handleStripeEvent(db, event('refund.updated', full), TEST_NOW)).toBe('processed');
    expect(await paymentOf(p.id)).toMatchObject({ status: 'refunded', refundedSatang: 1_070_00 });
    expect(await fullAudits()).toBe(2);
    expect(await handleStripeEvent(db, event('charge.refunded', { id: next('ch'), object: 'charge', payment_intent: pi, refunds: { data: [full] } }), TEST_NOW)).toBe('processed');
    expect(await fullAudits()).toBe(2);
    expect(await db.creditNote.count({ where: { paymentId: p.id } })).toBe(1);
  });
});

describe('checkout.session.completed in setup mode (a card replaced from the portal)', () => {
  const setupSession = (o: Record<string, unknown>) => ({ object: 'checkout.session', mode: 'setup', status: 'complete', payment_status: 'no_payment_required', amount_total: null, currency: null, payment_intent: null, metadata: {}, ...o });

  it('makes the new card the default of the customer once; with card payments off it waits, unclaimed, and settles nothing', async () => {
    const { booking, payment } = await cardCheckout();
    const customerId = next('cus');
    await db.customer.update({ where: { id: booking.customerId }, data: { stripeCustomerId: customerId } });
    const e = event('checkout.session.completed', setupSession({ id: next('cs'), customer: customerId, setup_intent: 'seti_new', metadata: { bookingId: booking.id, paymentId: payment.id } }));
    expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('ignored');
    expect((await paymentOf(payment.id)).status).toBe('pending_payment');

    await withStripeApi(
      (method, url) =>
        method === 'GET' && url.pathname === '/v1/setup_intents/seti_new' ? [200, { id: 'seti_new', object: 'setup_intent', status: 'succeeded', payment_method: 'pm_new' }]
        : method === 'POST' && url.pathname === `/v1/customers/${customerId}` ? [200, { id: customerId, object: 'customer', invoice_settings: { default_payment_method: 'pm_new' } }]
        : [404, { error: { type: 'invalid_request_error', message: 'no route' } }],
      async (calls) => {
        expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('processed');
        expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ path: `/v1/customers/${customerId}`, body: 'invoice_settings[default_payment_method]=pm_new' })]);
        expect(await db.auditLog.count({ where: { entityId: booking.customerId, action: 'customer.card_replaced' } })).toBe(1);
        expect(await handleStripeEvent(db, e, TEST_NOW)).toBe('duplicate');
        expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
      },
    );
    expect((await paymentOf(payment.id)).status).toBe('pending_payment');
  });
});
