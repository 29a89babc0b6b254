import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { env, resetEnvForTests, setEnvForTests } from '@/lib/env';
import { startFakeStripe, type FakeStripe } from '@/test/fakes/stripe-server';
import { startFakeResend, type FakeResend } from '@/test/fakes/resend-server';
import type { Db } from '@/lib/db';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { processStripeWebhook } from '@/lib/payments/webhook-route';
import { startWebhookReceiver } from '@/test/fakes/webhook-receiver';
import { storePendingProof } from '@/lib/payments/proofs/proof-store';
import { runTasks } from '@/lib/jobs/tasks';
import { WAITING_LIST_OFFER } from '@/lib/waiting-list/offer-task';
import { createBooking } from './create-booking';
import { confirmHold } from './hold-confirmation';
import { releaseExpiredHolds } from '@/lib/billing/holds';
import { loadDraftForReminder, saveDraftForReminder, sendDraftReminders } from './drafts';
import { canonicalJson, sha256Hex } from './canonical-json';
import ruMessages from '@/messages/ru.json';
import { completeDraft, example1, example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { PNG_1PX } from '@/test/fixtures/files';

const WEBHOOK_SECRET = 'whsec_test_integration_secret';
let db: Db;
let close: () => Promise<void>;
let fakeStripe: FakeStripe;
let fakeResend: FakeResend;
let stripe: Stripe;
let webhookReceiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-booking-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined });
  webhookReceiver = await startWebhookReceiver(db, WEBHOOK_SECRET);
  fakeStripe = await startFakeStripe({ webhookUrl: webhookReceiver.url, webhookSecret: WEBHOOK_SECRET });
  fakeResend = await startFakeResend();
  stripe = createStripeClient({ secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET, apiBase: fakeStripe.url })!;
});

afterAll(async () => {
  await fakeStripe.close();
  await fakeResend.close();
  await webhookReceiver.close();
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  setEnvForTests({ RESEND_API_KEY: undefined, RESEND_BASE_URL: undefined });
});

const opts = { locale: 'en', now: TEST_NOW, siteUrl: 'http://localhost:3000' };
const unitsOf = async (code: string, status: 'available' | 'reserved') =>
  db.unit.count({ where: { unitType: { code }, status } });

describe('createBooking', () => {
  it('books worked example 2 (business, promo, supplies, bank transfer) with every record', async () => {
    const before = await unitsOf('l', 'available');
    const r = await createBooking(db, example2(), { ...opts, stripe: null });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // The confirmation is a task written with the booking; the task worker sends it after the answer.
    await runTasks(db, { types: ['email.deliver'] });
    expect(r.reference).toMatch(/^BF2-[0-9A-HJKMNP-TV-Z]{8}$/);
    // The success page's address carries its signed token (lib/booking/success.ts).
    expect(r.redirectUrl).toMatch(new RegExp(`^/booking-v2-success\\?bookingReference=${r.reference}&bookingId=${r.bookingId}&paymentMethod=bank_transfer&token=[0-9a-z]+\\.[\\w-]{43}$`));

    const b = await db.booking.findUniqueOrThrow({
      where: { id: r.bookingId },
      include: { unit: true, heldUnit: true, invoices: { include: { lines: true } }, payments: true, supplyLines: true, snapshot: true, customer: true, promoCode: true },
    });
    expect(b.totalDueToday).toBe(7_053_200);
    expect(b.status).toBe('reserved');
    expect(b.paymentStatus).toBe('pending_bank_transfer');
    // A bank transfer holds its unit 48 hours from the booking, confirmed address or not (docs/product-rules.md#holds).
    expect(b.holdExpiresAt?.getTime()).toBe(TEST_NOW.getTime() + 48 * 3_600_000);
    expect(b.holdConfirmedAt).toBeNull();
    expect(b.unit?.status).toBe('reserved');
    expect(b.heldUnit?.id).toBe(b.unitId);
    expect(await unitsOf('l', 'available')).toBe(before - 1);
    expect(b.promoCode?.currentUses).toBe(1);
    expect(b.customer).toMatchObject({ type: 'business', companyName: 'Example Co., Ltd.', email: expect.stringMatching(/^accounts\+\w+@example\.com$/) });
    expect(b.requiresTaxInvoice).toBe(true);
    expect(b.supplyLines.map((l) => [l.supplyId, l.quantity, l.lineTotal]).sort()).toEqual([['box_medium', 2, 60_000], ['lock', 1, 35_000]]);
    const invoice = b.invoices[0];
    expect(invoice.totalSatang).toBe(7_053_200);
    expect(invoice.vatSatang).toBe(434_900);
    expect(invoice.lines.reduce((a, l) => a + l.amountSatang, 0)).toBe(7_053_200);
    expect(new Set(invoice.lines.map((l) => l.kind))).toEqual(new Set(['rent', 'discount', 'product', 'service', 'deposit', 'withholding_tax']));
    expect(b.payments[0]).toMatchObject({ method: 'bank_transfer', status: 'pending_bank_transfer', amountSatang: 7_053_200, invoiceId: invoice.id });
    expect(b.agreementSignature).toBe('Anna Test');
    expect(b.agreementText).toContain('Somchai Business');
    expect(b.snapshot?.payloadHash).toBe(sha256Hex(canonicalJson(b.snapshot?.payload)));
    expect(b.snapshot?.payload).toMatchObject({ bookingRef: r.reference, lineItems: { summary: { totalDueTodayTHB: 70_532, withholdingTaxTHB: 3046, vatTHB: 4349 } } });
    // Confirmation email went to the outbox folder (no RESEND_API_KEY) and the snapshot follows it.
    expect(b.snapshot?.emailStatus).toBe('sent');
    const email = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `booking_confirmation:${b.id}` } });
    expect(email.status).toBe('sent');
    expect(email.text).toContain(r.reference);
    expect(email.text).toContain('Kasikornbank');
    expect(email.text).toContain('70,532');
    expect(email.html).toContain('/my-booking/' + r.reference + '?token=');
    expect(email.html).toContain('/my-booking/' + r.reference + '/confirm?token=');
    expect(email.text).toContain('Confirm my reservation');
    expect(fs.readdirSync(env().EMAIL_OUTBOX_DIR).some((f) => f.endsWith('.html'))).toBe(true);
  });

  it('same idempotency key twice makes one booking', async () => {
    const draft = completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' });
    const a = await createBooking(db, draft, { ...opts, stripe: null });
    const b = await createBooking(db, draft, { ...opts, stripe: null });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.bookingId).toBe(a.bookingId);
    expect(await db.booking.count({ where: { idempotencyKey: draft.idempotencyKey } })).toBe(1);
    const booking = await db.booking.findUniqueOrThrow({ where: { id: a.bookingId } });
    expect(booking.paymentStatus).toBe('pending_arrival');
  });

  it('answers sold out when no unit of the type is free', async () => {
    const r = await createBooking(db, completeDraft({ unitTypeCode: 'xxl', paymentMethod: 'cash' }), { ...opts, stripe: null });
    expect(r).toMatchObject({ ok: false, error: 'sold_out', message: 'This unit type is currently sold out. Please select a different unit type.' });
  });

  it('lists missing fields with the spec texts, in the customer language', async () => {
    const draft = completeDraft({ contact: { firstName: '', lastName: '', email: '', phone: '', whatsapp: '', whatsappSameAsPhone: false, address: 'x', companyName: '', taxId: '', taxBranch: 'head_office', branchNumber: '' }, paymentMethod: null, startDate: null });
    const en = await createBooking(db, draft, { ...opts, stripe: null });
    expect(en).toMatchObject({ ok: false, error: 'missing_fields', message: 'Please Complete Required Fields' });
    expect(en.ok ? [] : en.missing).toEqual(
      expect.arrayContaining(['Customer first name is missing', 'Customer last name is missing', 'Customer email is missing', 'Customer phone is missing', 'Payment method is missing', 'Start date is missing']),
    );
    const ru = await createBooking(db, draft, { ...opts, locale: 'ru', stripe: null });
    expect(ru.ok ? [] : ru.missing).toContain(ruMessages.booking.submitChecks.firstNameMissing);
  });

  it('rejects a tax ID with a wrong check digit, a move-in date outside the window and an unsigned agreement', async () => {
    const bad = example2();
    const wrongCheckDigit = bad.contact.taxId.slice(0, 12) + String((Number(bad.contact.taxId[12]) + 1) % 10);
    const r1 = await createBooking(db, { ...bad, contact: { ...bad.contact, taxId: wrongCheckDigit } }, { ...opts, stripe: null });
    expect(r1).toMatchObject({ ok: false, error: 'validation' });
    expect(r1.ok ? [] : r1.missing).toContain('Tax ID is not valid: please check the digits');
    const r2 = await createBooking(db, completeDraft({ startDate: '2026-12-20', paymentMethod: 'cash' }), { ...opts, stripe: null });
    expect(r2.ok ? [] : r2.missing).toContain('The move-in date must be between today and 12 days from today');
    const r3 = await createBooking(db, completeDraft({ paymentMethod: 'cash', agreement: { scrolled: true, agreed: false, signature: '', signedAt: null, documentId: null } }), { ...opts, stripe: null });
    expect(r3.ok ? [] : r3.missing).toContain('Please read, agree to and sign the rental agreement');
  });

  it('refuses card without Stripe keys and leaves nothing behind', async () => {
    const before = await db.booking.count();
    const r = await createBooking(db, example1(), { ...opts, stripe: null });
    expect(r).toMatchObject({ ok: false, error: 'card_unavailable', message: 'Card payment is unavailable right now. Please choose bank transfer, crypto or cash.' });
    expect(await db.booking.count()).toBe(before);
  });

  it('refuses a promo code whose limit is reached and counts uses atomically', async () => {
    const limited = await createBooking(db, completeDraft({ promoCode: 'LIMITED5', paymentMethod: 'cash' }), { ...opts, stripe: null });
    // Every refusal answers alike (third pass, finding 8).
    expect(limited).toMatchObject({ ok: false, error: 'validation', message: 'This promo code is not valid' });
    await db.promoCode.create({ data: { code: 'ONCE', validFrom: new Date('2025-01-01'), maxUses: 1, discountType: 'fixed', discountValue: 10_000, description: { en: 'Once' } } });
    const first = await createBooking(db, completeDraft({ promoCode: 'once', paymentMethod: 'cash' }), { ...opts, stripe: null });
    const second = await createBooking(db, completeDraft({ promoCode: 'ONCE', paymentMethod: 'cash' }), { ...opts, stripe: null });
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, error: 'validation' });
    expect((await db.promoCode.findUniqueOrThrow({ where: { code: 'ONCE' } })).currentUses).toBe(1);
  });

  it('links an uploaded proof and marks the payment proof_uploaded', async () => {
    const png = new Uint8Array(PNG_1PX);
    const stored = await storePendingProof(db, png, 'slip.png');
    expect(stored.ok).toBe(true);
    if (!stored.ok) return;
    expect(await storePendingProof(db, new TextEncoder().encode('hello'), 'x.png')).toEqual({ ok: false, error: 'type' });
    const r = await createBooking(db, example2({ unitTypeCode: 'm', proofUploadId: stored.proof.id, promoCode: null, paymentStatus: 'proof_uploaded' }), { ...opts, stripe: null, sendEmails: false });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { proofs: true } });
    expect(b.paymentStatus).toBe('proof_uploaded');
    expect(b.proofs).toHaveLength(1);
    expect(b.proofs[0]).toMatchObject({ mimeType: 'image/png', sizeBytes: expect.any(Number), status: 'pending' });
  });
});

describe('card and PromptPay through Stripe Checkout', () => {
  it('creates a card session with the real lines that saves the card, and the signed webhook confirms the booking', async () => {
    const r = await createBooking(db, example1(), { ...opts, stripe, sendEmails: false });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.redirectUrl).toMatch(new RegExp(`^${fakeStripe.url}/c/pay/cs_test_`));
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    const session = fakeStripe.sessions.get(payment.providerSessionId!)!;
    expect(session.amountTotal).toBe(1_673_000);
    expect(session.params).toMatchObject({
      mode: 'payment',
      currency: 'thb',
      'allowed_payment_method_types[0]': 'card',
      'payment_intent_data[setup_future_usage]': 'off_session',
      customer_creation: 'always',
      'metadata[bookingId]': r.bookingId,
    });
    expect(payment.checkoutUrl).toBe(r.redirectUrl);

    expect(await fakeStripe.complete(session.id)).toBe(200);
    const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { payments: true, invoices: true, unit: true, snapshot: true } });
    expect(b).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(b.confirmedAt).not.toBeNull();
    expect(b.payments[0].status).toBe('paid');
    expect(b.invoices[0].status).toBe('paid');
    expect(b.unit?.status).toBe('reserved');
    expect(b.snapshot?.emailStatus).toBe('sent');
  });

  it('PromptPay is a one-time THB payment', async () => {
    const r = await createBooking(db, example1({ paymentMethod: 'promptpay' }), { ...opts, stripe, sendEmails: false });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    const s = fakeStripe.sessions.get(payment.providerSessionId!)!;
    expect(s.params['allowed_payment_method_types[0]']).toBe('promptpay');
    expect(s.params['payment_intent_data[setup_future_usage]']).toBeUndefined();
    // PromptPay pays a deposit (only card waives it): 16,730 + 2,700.
    expect(s.amountTotal).toBe(1_943_000);
  });

  it('rejects a bad signature and ignores a replayed event', async () => {
    const r = await createBooking(db, example1(), { ...opts, stripe, sendEmails: false });
    if (!r.ok) throw new Error('booking failed');
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    const payload = JSON.stringify({
      id: 'evt_replay_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: payment.providerSessionId, object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_1', metadata: { bookingId: r.bookingId } } },
    });
    expect((await processStripeWebhook(db, payload, 't=1,v1=bad', WEBHOOK_SECRET)).status).toBe(400);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await processStripeWebhook(db, payload, header, WEBHOOK_SECRET)).body).toMatchObject({ outcome: 'processed' });
    const first = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    const again = await processStripeWebhook(db, payload, stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }), WEBHOOK_SECRET);
    expect(again.body).toMatchObject({ outcome: 'duplicate' });
    const second = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    expect(second.updatedAt).toEqual(first.updatedAt);
  });

  it('an expired session releases the unit and tells the waiting list', async () => {
    const unitType = await db.unitType.findUniqueOrThrow({ where: { code: 'm' } });
    await db.waitingListEntry.create({ data: { unitTypeId: unitType.id, name: 'Wait', email: 'waiter@example.com', locale: 'th', confirmedAt: TEST_NOW } });
    const r = await createBooking(db, example1(), { ...opts, stripe, sendEmails: false });
    if (!r.ok) throw new Error('booking failed');
    const b0 = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    expect(await fakeStripe.expire(payment.providerSessionId!)).toBe(200);
    const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { payments: true } });
    expect(b).toMatchObject({ status: 'expired', paymentStatus: 'expired' });
    expect(b.payments[0].status).toBe('expired');
    // The offer is a task of the release, run by the worker a moment after its commit (docs/architecture.md).
    await runTasks(db, { types: [WAITING_LIST_OFFER.type] });
    // Released from the booking, then held for the waiting list's first person.
    expect(await db.unit.findUniqueOrThrow({ where: { id: b0.unitId! } })).toMatchObject({ status: 'reserved', currentBookingId: null });
    // The freed unit is held 24 hours for the first person waiting (docs/product-rules.md#invoices-billing-and-delinquency).
    const notice = await db.emailMessage.findFirstOrThrow({ where: { template: 'waiting_list_offer', toAddress: 'waiter@example.com' } });
    expect(notice.subject).toContain('ถูกเก็บไว้ให้คุณ');
  });

  it('a failed checkout session answers a payment error and releases the unit', async () => {
    fakeStripe.failNextCreates(1);
    const before = await unitsOf('m', 'available');
    const r = await createBooking(db, example1(), { ...opts, stripe, sendEmails: false });
    expect(r).toMatchObject({ ok: false, error: 'payment' });
    expect(await unitsOf('m', 'available')).toBe(before);
  });
});

describe('emails and jobs', () => {
  it('sends through Resend when configured; a failed send never fails the booking and is retried', async () => {
    setEnvForTests({ RESEND_API_KEY: 're_test_fake', RESEND_BASE_URL: fakeResend.url });
    // The customer's confirmation fails once (the staff alert the same task pass sends is not the one under test).
    fakeResend.failNext(1, 'retry@example.com');
    const r = await createBooking(db, completeDraft({ paymentMethod: 'cash', contact: { ...completeDraft().contact, email: 'retry@example.com' } }), { ...opts, stripe: null });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // The confirmation is a task the booking's transaction wrote; the task worker's first attempt fails.
    const task = { dedupeKey: `email:booking_confirmation:${r.bookingId}` };
    await runTasks(db, { types: ['email.deliver'] });
    expect(await db.task.findUniqueOrThrow({ where: task })).toMatchObject({ status: 'pending', attempts: 1 });
    const failed = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `booking_confirmation:${r.bookingId}` } });
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await db.bookingSnapshot.findUniqueOrThrow({ where: { bookingId: r.bookingId } })).emailStatus).toBe('failed');
    // Not yet due: backoff.
    await runTasks(db, { types: ['email.deliver'] });
    expect(await db.task.findUniqueOrThrow({ where: task })).toMatchObject({ status: 'pending', attempts: 1 });
    await runTasks(db, { now: new Date(Date.now() + 10 * 60_000), types: ['email.deliver'] });
    expect(await db.task.findUniqueOrThrow({ where: task })).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(fakeResend.emails.filter((e) => e.to === 'retry@example.com')).toHaveLength(1);
    expect((await db.bookingSnapshot.findUniqueOrThrow({ where: { bookingId: r.bookingId } })).emailStatus).toBe('sent');
  });

  it('releases expired transfer holds with nothing sent (cash waits for staff: lib/billing/holds-and-notices)', async () => {
    const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }), { ...opts, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error('booking failed');
    // A transfer hold runs 48 hours from the booking, confirmed or not.
    expect(await confirmHold(db, r.reference, TEST_NOW)).toMatchObject({ status: 'confirmed' });
    await releaseExpiredHolds(db, new Date(TEST_NOW.getTime() + 47 * 3600_000));
    expect((await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).status).toBe('reserved');
    const res = await releaseExpiredHolds(db, new Date(TEST_NOW.getTime() + 49 * 3600_000));
    expect(res.released).toBeGreaterThanOrEqual(1);
    const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { unit: true } });
    expect(b.status).toBe('expired');
    expect(b.unit?.status).toBe('available');
  });

  it('sends one abandoned-draft reminder per draft, never after a submit', async () => {
    const draft = completeDraft({ paymentMethod: 'cash', contact: { ...completeDraft().contact, email: 'Later@Example.com' } });
    const { token } = await saveDraftForReminder(db, draft, 'ru');
    expect(token).toBeTruthy();
    expect((await loadDraftForReminder(db, token!))?.unitTypeCode).toBe('m');
    const submitted = completeDraft({ paymentMethod: 'cash' });
    const { token: token2 } = await saveDraftForReminder(db, submitted, 'en');
    await createBooking(db, { ...submitted, draftToken: token2 }, { ...opts, stripe: null, sendEmails: false });
    const later = new Date(Date.now() + 2 * 3600_000);
    expect(await sendDraftReminders(db, new Date())).toMatchObject({ sent: 0 });
    expect(await sendDraftReminders(db, later)).toMatchObject({ sent: 1 });
    expect(await sendDraftReminders(db, later)).toMatchObject({ sent: 0 });
    const reminders = await db.emailMessage.findMany({ where: { template: 'draft_reminder' } });
    expect(reminders).toHaveLength(1);
    expect(reminders[0].toAddress).toBe('later@example.com');
    expect(reminders[0].html).toContain(`/ru/booking-v2?draft=${token}`);
    expect(await loadDraftForReminder(db, token2!)).toBeNull();
  });
});
