// The app's guards against what Stripe (here the fake, told to misbehave) may send or refuse: a wrong key, a paid
// amount or currency that is not our invoice's, a payment event that arrives after the hold ended. Each guard is
// proved by the case it exists for (docs/product-rules.md#invoices-billing-and-delinquency).
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
import { startInvoiceCheckout } from '@/lib/payments/invoice-checkout';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, example1, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { settlePayment } from '@/lib/payments/ledger/settle';
import { runBilling } from '@/lib/billing/run';

const SECRET = 'whsec_stripe_guards';
let db: Db;
let close: () => Promise<void>;
let fake: FakeStripe;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-stripe-guards-'));
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

const opts = { locale: 'en', now: TEST_NOW, siteUrl: 'http://localhost:3000', sendEmails: false };
const noon = (iso: string) => new Date(`${iso}T12:00:00+07:00`);

/** A month-to-month rental paid in cash, and its first renewal invoice (due 25 Dec 2026), open. */
async function openRenewal(email: string) {
  const r = await createBooking(db, completeDraft({ unitTypeCode: 'm', term: 'm2m', paymentMethod: 'cash', paymentStatus: 'pending_arrival', contact: { ...completeDraft().contact, email } }), { ...opts, stripe: null });
  if (!r.ok) throw new Error('booking failed');
  const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
  await db.$transaction((tx) => settlePayment(tx, payment.id, { now: TEST_NOW, actor: null }));
  await runBilling(db, { now: noon('2026-12-18'), stripe: null });
  return db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId, kind: 'renewal' } });
}

async function payInvoiceByCard(invoiceId: string) {
  const r = await startInvoiceCheckout(db, stripe, { invoiceId, method: 'card', locale: 'en' });
  if (!r.ok) throw new Error('no session');
  return db.payment.findFirstOrThrow({ where: { invoiceId, provider: 'stripe' } });
}

/** A card booking whose first checkout completed: the customer has a saved card; its first renewal is issued 18 May. */
async function cardCustomer(email: string) {
  const r = await createBooking(db, example1({ contact: { ...completeDraft().contact, email } }), { ...opts, stripe });
  if (!r.ok) throw new Error('booking failed');
  const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
  expect(await fake.complete(payment.providerSessionId!)).toBe(200);
  return r.bookingId;
}

describe('the fake checks what it receives', () => {
  it('refuses a wrong key, as Stripe does', async () => {
    const wrong = createStripeClient({ secretKey: 'sk_test_wrong', webhookSecret: SECRET, apiBase: fake.url })!;
    await expect(wrong.paymentMethods.list({ customer: 'cus_x', type: 'card' })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(fake.refused.at(-1)).toEqual({ path: '/v1/payment_methods', reason: 'api_key' });
  });

  it('refuses an off-session charge that is not confirmed, off-session, in baht, on a known card, with an idempotency key', async () => {
    const base = { amount: 100_000, currency: 'thb', customer: 'cus_nobody', payment_method: 'pm_x', off_session: true, confirm: true, metadata: { paymentId: 'p', invoiceId: 'i' } };
    const refusedFor = async (params: Stripe.PaymentIntentCreateParams, key: string | undefined = 'k1') => {
      const e = await stripe.paymentIntents.create(params, key ? { idempotencyKey: key } : {}).then(() => null, (err: Stripe.errors.StripeError) => err);
      return e?.param ?? e?.message ?? 'accepted';
    };
    expect(await refusedFor({ ...base, currency: 'usd' })).toBe('currency');
    expect(await refusedFor({ ...base, off_session: false })).toBe('off_session');
    expect(await refusedFor({ ...base, confirm: false })).toBe('confirm');
    expect(await refusedFor({ ...base, amount: 0 })).toBe('amount');
    expect(await refusedFor(base)).toBe('customer');
    expect(fake.intents.size).toBe(0);
  });
});

describe('the app against a wrong key', () => {
  it('a renewal charge that cannot be attempted is a failed payment and a pay link, never a paid invoice', async () => {
    const bookingId = await cardCustomer('wrong-key@example.com');
    await runBilling(db, { now: noon('2027-05-18'), stripe });
    const renewal = await db.invoice.findFirstOrThrow({ where: { bookingId, kind: 'renewal' } });
    const intentsBefore = fake.intents.size;
    const wrong = createStripeClient({ secretKey: 'sk_test_wrong', webhookSecret: SECRET, apiBase: fake.url })!;
    const summary = await runBilling(db, { now: noon('2027-05-25'), stripe: wrong });
    expect(summary).toMatchObject({ cardsCharged: 0, cardsFailed: 1 });
    expect(fake.intents.size).toBe(intentsBefore);
    const after = await db.invoice.findUniqueOrThrow({ where: { id: renewal.id }, include: { payments: true } });
    expect(after.status).toBe('open');
    expect(after.payments).toEqual([expect.objectContaining({ status: 'failed', failureMessage: 'card payment could not be attempted' })]);
    expect(await db.emailMessage.count({ where: { toAddress: 'wrong-key@example.com', template: 'card_payment_failed' } })).toBe(1);
  });
});

describe('Stripe reports an amount or currency that is not the invoice', () => {
  it('a checkout paid for another amount does not pay the invoice and is flagged for staff', async () => {
    const invoice = await openRenewal('short@example.com');
    const payment = await payInvoiceByCard(invoice.id);
    fake.reportNext({ amount: invoice.totalSatang - 100 });
    expect(await fake.complete(payment.providerSessionId!)).toBe(200);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('open');
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('pending_payment');
    const audit = await db.auditLog.findFirstOrThrow({ where: { entityId: payment.id, action: 'payment.amount_mismatch' } });
    expect(audit.data).toMatchObject({ after: { paid: invoice.totalSatang - 100, owed: invoice.totalSatang } });
    expect(await db.emailMessage.count({ where: { toAddress: 'short@example.com', template: 'payment_received' } })).toBe(0);
  });

  it('the same number in another currency is not our money either', async () => {
    const invoice = await openRenewal('dollars@example.com');
    const payment = await payInvoiceByCard(invoice.id);
    fake.reportNext({ currency: 'usd' });
    expect(await fake.complete(payment.providerSessionId!)).toBe(200);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('open');
    expect(await db.auditLog.count({ where: { entityId: payment.id, action: 'payment.amount_mismatch' } })).toBe(1);
  });

  it('an off-session renewal charge that reports another amount stays pending for staff, not paid', async () => {
    const bookingId = await cardCustomer('offsession-short@example.com');
    await runBilling(db, { now: noon('2027-05-18'), stripe });
    const renewal = await db.invoice.findFirstOrThrow({ where: { bookingId, kind: 'renewal' } });
    fake.reportNext({ amount: renewal.totalSatang + 5_000 });
    const summary = await runBilling(db, { now: noon('2027-05-25'), stripe });
    expect(summary.cardsCharged).toBe(0);
    const after = await db.invoice.findUniqueOrThrow({ where: { id: renewal.id }, include: { payments: true } });
    expect(after.status).toBe('open');
    expect(after.payments).toEqual([expect.objectContaining({ status: 'pending_payment', providerPaymentId: expect.stringMatching(/^pi_/) })]);
    expect(await db.emailMessage.count({ where: { toAddress: 'offsession-short@example.com', template: 'payment_received' } })).toBe(1);
  });
});

describe('a payment event that arrives late', () => {
  it('after the hold was released: the money is recorded for staff, the booking is not revived', async () => {
    fake.holdEvents();
    const r = await createBooking(db, example1({ contact: { ...completeDraft().contact, email: 'late-event@example.com' } }), { ...opts, stripe });
    if (!r.ok) throw new Error('booking failed');
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    await fake.complete(payment.providerSessionId!);
    const booking = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    expect(booking.status).toBe('reserved');
    // The hold ends before Stripe's event arrives; the billing job releases the unit.
    await runBilling(db, { now: new Date(booking.holdExpiresAt!.getTime() + 60_000), stripe: null });
    expect((await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).status).toBe('expired');
    expect(await fake.deliverHeld()).toEqual([200]);
    const after = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    expect(after).toMatchObject({ status: 'expired', paymentStatus: 'paid', unitId: booking.unitId });
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('paid');
    expect(await db.auditLog.count({ where: { entityId: r.bookingId, action: 'booking.paid_late' } })).toBe(1);
  });
});
