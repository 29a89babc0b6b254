// The saved-card charge of a renewal on its due date and its retries (docs/product-rules.md#invoices-billing-and-delinquency,
// #prices-over-time-prepayment-and-card-retries), with
// Stripe as an object that answers as told: which invoices are charged (due, of a rental that runs, of a customer
// with a card), once, and what each answer leaves on the invoice and in the customer's inbox.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { settlePayment } from '@/lib/payments/ledger/settle';
import { issueInvoice } from '@/lib/invoices/issue';
import { chargeSavedCards } from './card-charges';
import { asFixture } from '@/lib/db/status-writes';

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-card-charges-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
  // Each booking here holds a unit: units of this file's own.
  const type = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  await db.unit.createMany({ data: Array.from({ length: 20 }, (_, i) => ({ number: `S-C${i}`, unitTypeId: type.id, status: 'available' as const })) });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const DUE = new Date('2026-12-24T17:00:00.000Z'); // 25 Dec 2026, 00:00 in Bangkok

/** A confirmed rental of a customer with a saved card, and an open renewal due at DUE. */
async function renewalDue(o: { card?: boolean } = {}) {
  const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  const first = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
  await db.$transaction((tx) => settlePayment(tx, first.id, { now: TEST_NOW }));
  const booking = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { customer: true } });
  if (o.card !== false) await db.customer.update({ where: { id: booking.customerId }, data: { stripeCustomerId: `cus_${booking.reference}` } });
  const invoice = await db.$transaction((tx) =>
    issueInvoice(tx, { bookingId: booking.id, kind: 'renewal', lines: [{ kind: 'rent', description: 'Rent', quantity: 1, unitSatang: 1_070_00, amountSatang: 1_070_00 }], vatSatang: 70_00, issuedAt: TEST_NOW, dueAt: DUE }),
  );
  return { booking, invoice, email: booking.customer.email };
}

type Answer = (params: Stripe.PaymentIntentCreateParams) => Promise<Partial<Stripe.PaymentIntent>>;
/** Stripe answering every charge with `answer`; the charges asked for are kept. */
function stripeAnswering(answer: Answer, cards = [{ id: 'pm_card' }]) {
  const charges: { params: Stripe.PaymentIntentCreateParams; key: string | undefined }[] = [];
  const stripe = {
    // A customer that chose no card in the portal: the card saved at checkout is charged.
    customers: { retrieve: async () => ({ invoice_settings: { default_payment_method: null } }) },
    paymentMethods: { list: async () => ({ data: cards }) },
    paymentIntents: {
      create: async (params: Stripe.PaymentIntentCreateParams, options?: { idempotencyKey?: string }) => {
        charges.push({ params, key: options?.idempotencyKey });
        return answer(params);
      },
    },
  } as unknown as Stripe;
  return { stripe, charges };
}
const succeeds: Answer = async (p) => ({ id: `pi_${p.metadata!.invoiceId}`, status: 'succeeded', amount_received: p.amount, currency: 'thb' });

/** Only this test's invoices are looked at: the others are paid first. */
async function only(invoiceIds: string[]) {
  const others = await db.invoice.findMany({ where: { kind: 'renewal', status: 'open', id: { notIn: invoiceIds } }, select: { id: true } });
  await asFixture(() => db.invoice.updateMany({ where: { id: { in: others.map((i) => i.id) } }, data: { status: 'paid' } }));
}
const emails = (to: string, template: string) => db.emailMessage.count({ where: { toAddress: to, template } });

describe('charging saved cards on the due date', () => {
  it('without Stripe nothing is attempted', async () => {
    const { invoice } = await renewalDue();
    await only([invoice.id]);
    expect(await chargeSavedCards(db, DUE, null)).toEqual({ charged: 0, failed: 0 });
    expect(await db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);
  });

  it('a millisecond before the due date nothing; at it the invoice is charged its total once, paid, and a receipt sent', async () => {
    const { invoice, booking, email } = await renewalDue();
    await only([invoice.id]);
    const { stripe, charges } = stripeAnswering(succeeds);
    expect(await chargeSavedCards(db, new Date(DUE.getTime() - 1), stripe)).toEqual({ charged: 0, failed: 0 });
    expect(charges).toEqual([]);
    expect(await chargeSavedCards(db, DUE, stripe)).toEqual({ charged: 1, failed: 0 });
    const payment = await db.payment.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    expect(charges).toEqual([
      {
        params: expect.objectContaining({ amount: 1_070_00, customer: `cus_${booking.reference}`, description: `${invoice.number} ${booking.reference}`, metadata: { paymentId: payment.id, invoiceId: invoice.id, bookingId: booking.id, purpose: 'renewal' } }),
        key: `offsession-${payment.id}`,
      },
    ]);
    expect(payment).toMatchObject({ method: 'card', provider: 'stripe', status: 'paid', amountSatang: 1_070_00, providerPaymentId: `pi_${invoice.id}`, idempotencyKey: `offsession:${invoice.id}` });
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('paid');
    expect(await emails(email, 'payment_received')).toBe(1);
    // A second run (or another server) finds the attempt claimed: no second charge.
    await asFixture(() => db.invoice.update({ where: { id: invoice.id }, data: { status: 'open' } }));
    expect(await chargeSavedCards(db, DUE, stripe)).toEqual({ charged: 0, failed: 0 });
    expect(charges).toHaveLength(1);
  });

  it('never the card of a customer without one, nor a rental that ended', async () => {
    const noCard = await renewalDue({ card: false });
    const ended = await renewalDue();
    await asFixture(() => db.booking.update({ where: { id: ended.booking.id }, data: { status: 'ended' } }));
    await only([noCard.invoice.id, ended.invoice.id]);
    const { stripe, charges } = stripeAnswering(succeeds);
    expect(await chargeSavedCards(db, DUE, stripe)).toEqual({ charged: 0, failed: 0 });
    expect(charges).toEqual([]);
  });

  it('processing: the intent is kept and the invoice waits for the webhook', async () => {
    const { invoice, email } = await renewalDue();
    await only([invoice.id]);
    const { stripe } = stripeAnswering(async () => ({ id: 'pi_processing', status: 'processing' }));
    expect(await chargeSavedCards(db, DUE, stripe)).toEqual({ charged: 0, failed: 0 });
    expect(await db.payment.findFirstOrThrow({ where: { invoiceId: invoice.id } })).toMatchObject({ status: 'pending_payment', providerPaymentId: 'pi_processing' });
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('open');
    expect(await emails(email, 'card_payment_failed')).toBe(0);
  });

  it('declined, no card left, or Stripe unreachable: a failed payment saying why, and the pay link by email', async () => {
    const declined = await renewalDue();
    const noCard = await renewalDue();
    const unreachable = await renewalDue();
    await only([declined.invoice.id, noCard.invoice.id, unreachable.invoice.id]);
    const answers: Record<string, Answer> = {
      [declined.invoice.id]: async () => ({ id: 'pi_declined', status: 'requires_payment_method' }),
      [unreachable.invoice.id]: () => Promise.reject(new Error('connect ECONNREFUSED')),
    };
    const { stripe } = stripeAnswering((p) => answers[p.metadata!.invoiceId as string](p));
    const cardless = stripeAnswering(succeeds, []).stripe;
    // One run with the card gone for one customer: list answers per customer.
    (stripe.paymentMethods as unknown as { list: (p: { customer: string }) => Promise<unknown> }).list = async (p) =>
      p.customer === `cus_${noCard.booking.reference}` ? cardless.paymentMethods.list({ customer: p.customer }) : { data: [{ id: 'pm_card' }] };
    expect(await chargeSavedCards(db, DUE, stripe)).toEqual({ charged: 0, failed: 3 });
    expect(await db.payment.findFirstOrThrow({ where: { invoiceId: declined.invoice.id } })).toMatchObject({ status: 'failed', failureMessage: 'payment requires_payment_method', providerPaymentId: 'pi_declined' });
    expect(await db.payment.findFirstOrThrow({ where: { invoiceId: noCard.invoice.id } })).toMatchObject({ status: 'failed', failureMessage: 'no saved card', providerPaymentId: null });
    expect(await db.payment.findFirstOrThrow({ where: { invoiceId: unreachable.invoice.id } })).toMatchObject({ status: 'failed', failureMessage: 'card payment could not be attempted', providerPaymentId: null });
    // The declined intent is written on its own attempt only: the bookings' first payments and the others keep theirs.
    expect(await db.payment.count({ where: { providerPaymentId: 'pi_declined' } })).toBe(1);
    for (const r of [declined, noCard, unreachable]) {
      expect((await db.invoice.findUniqueOrThrow({ where: { id: r.invoice.id } })).status).toBe('open');
      expect(await emails(r.email, 'card_payment_failed')).toBe(1);
    }
  });

  it('a declined card is tried again 1, 3 and 7 days after the due date (not a millisecond earlier), each attempt once; a payment in flight holds them', async () => {
    const { invoice, email } = await renewalDue();
    await only([invoice.id]);
    const { stripe, charges } = stripeAnswering(async () => ({ id: 'pi_declined', status: 'requires_payment_method' }));
    const DAY = 24 * 60 * 60 * 1000;
    const at = (days: number, ms = 0) => new Date(DUE.getTime() + days * DAY + ms);
    const keys = async () => (await db.payment.findMany({ where: { invoiceId: invoice.id }, orderBy: { createdAt: 'asc' } })).map((p) => `${p.idempotencyKey} ${p.status}`);

    expect(await chargeSavedCards(db, DUE, stripe)).toEqual({ charged: 0, failed: 1 });
    expect(await chargeSavedCards(db, at(1, -1), stripe)).toEqual({ charged: 0, failed: 0 });
    expect(await chargeSavedCards(db, at(1), stripe)).toEqual({ charged: 0, failed: 1 });
    expect(await chargeSavedCards(db, at(3, -1), stripe)).toEqual({ charged: 0, failed: 0 });
    expect(await keys()).toEqual([`offsession:${invoice.id} failed`, `offsession:${invoice.id}:1 failed`]);
    expect(await emails(email, 'card_payment_failed')).toBe(2);

    // A slip waiting for staff on day 3 holds the attempt; once it is gone the attempt is made.
    const slip = await db.payment.create({ data: { bookingId: invoice.bookingId, invoiceId: invoice.id, method: 'bank_transfer', status: 'proof_uploaded', amountSatang: 1_070_00 } });
    expect(await chargeSavedCards(db, at(3), stripe)).toEqual({ charged: 0, failed: 0 });
    await db.payment.delete({ where: { id: slip.id } });
    expect(await chargeSavedCards(db, at(3), stripe)).toEqual({ charged: 0, failed: 1 });
    expect(await chargeSavedCards(db, at(7, -1), stripe)).toEqual({ charged: 0, failed: 0 });
    expect(await chargeSavedCards(db, at(7), stripe)).toEqual({ charged: 0, failed: 1 });
    // After the fourth attempt there is none: a day later, or a run again the same day, charges nothing.
    expect(await chargeSavedCards(db, at(8), stripe)).toEqual({ charged: 0, failed: 0 });
    expect(await chargeSavedCards(db, at(7), stripe)).toEqual({ charged: 0, failed: 0 });
    expect(charges.map((c) => c.params.amount)).toEqual([1_070_00, 1_070_00, 1_070_00, 1_070_00]);
    expect(await keys()).toEqual([`offsession:${invoice.id} failed`, `offsession:${invoice.id}:1 failed`, `offsession:${invoice.id}:2 failed`, `offsession:${invoice.id}:3 failed`]);
    expect(await emails(email, 'card_payment_failed')).toBe(4);
    // Each decline email names the day of the next try, the last one says it was the last.
    const texts = (await db.emailMessage.findMany({ where: { toAddress: email, template: 'card_payment_failed' }, orderBy: { createdAt: 'asc' } })).map((m) => m.html);
    expect(texts[0]).toContain('try your card again on Saturday, 26 December 2026');
    expect(texts[1]).toContain('try your card again on Monday, 28 December 2026');
    expect(texts[2]).toContain('try your card again on Friday, 1 January 2027');
    expect(texts[3]).toContain('This was our last try with this card');
    expect(texts[3]).not.toContain('try your card again on');
  });

  it('a run that missed days makes only the latest attempt due; paying another way ends the retries', async () => {
    const { invoice } = await renewalDue();
    await only([invoice.id]);
    const { stripe, charges } = stripeAnswering(async () => ({ id: 'pi_declined', status: 'requires_payment_method' }));
    const DAY = 24 * 60 * 60 * 1000;
    expect(await chargeSavedCards(db, new Date(DUE.getTime() + 4 * DAY), stripe)).toEqual({ charged: 0, failed: 1 });
    expect((await db.payment.findMany({ where: { invoiceId: invoice.id } })).map((p) => p.idempotencyKey)).toEqual([`offsession:${invoice.id}:2`]);
    const cash = await db.payment.create({ data: { bookingId: invoice.bookingId, invoiceId: invoice.id, method: 'cash', status: 'pending_arrival', amountSatang: 1_070_00 } });
    await db.$transaction((tx) => settlePayment(tx, cash.id, { now: new Date(DUE.getTime() + 5 * DAY) }));
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('paid');
    expect(await chargeSavedCards(db, new Date(DUE.getTime() + 7 * DAY), stripe)).toEqual({ charged: 0, failed: 0 });
    expect(charges).toHaveLength(1);
  });
});
