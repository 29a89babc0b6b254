import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { startFakeStripe, type FakeStripe } from '@/test/fakes/stripe-server';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { cancelBooking } from '@/lib/rentals/commands';
import { asFixture } from '@/lib/db/status-writes';

const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'refunds-'));
let fake: FakeStripe;
let sink: http.Server;

beforeAll(async () => {
  setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp });
  // The fake posts its webhooks here; this test applies the payment itself.
  sink = http.createServer((_req, res) => res.writeHead(200).end('{}'));
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  fake = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${(sink.address() as { port: number }).port}/`, webhookSecret: 'whsec_test' });
});
afterAll(async () => {
  await fake.close();
  await new Promise((r) => sink.close(r));
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('cancelling a card booking refunds it through Stripe', () => {
  it('creates one refund for the amount staff chose, records it, and a repeated click refunds nothing more', async () => {
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_test', apiBase: fake.url })!;
    const r = await createBooking(db, completeDraft({ contact: { ...completeDraft().contact, email: 'card@example.com' } }), { locale: 'en', now: TEST_NOW, stripe, sendEmails: false });
    if (!r.ok) throw new Error(r.error);
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    await fake.complete(payment.providerSessionId!);
    // What the checkout webhook records (lib/payments/webhook-events.ts).
    await asFixture(() => db.payment.update({ where: { id: payment.id }, data: { status: 'paid', paidAt: TEST_NOW, providerPaymentId: `pi_${payment.providerSessionId!.slice(8)}` } }));
    await asFixture(() => db.booking.update({ where: { id: r.bookingId }, data: { status: 'confirmed', paymentStatus: 'paid' } }));

    const actor = { id: 'staff-1', email: 'staff@example.test' };
    await cancelBooking(db, { bookingId: r.bookingId, refundSatang: payment.amountSatang - 35_000, reason: 'moved away; setup fee kept' }, actor, stripe);
    expect(fake.refunds()).toEqual([expect.objectContaining({ amount: payment.amountSatang - 35_000, payment_intent: `pi_${payment.providerSessionId!.slice(8)}` })]);
    const booking = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { refunds: true } });
    expect(booking.status).toBe('cancelled');
    expect(booking.refunds).toEqual([expect.objectContaining({ provider: 'stripe', providerRefundId: fake.refunds()[0].id, amountSatang: payment.amountSatang - 35_000 })]);

    await expect(cancelBooking(db, { bookingId: r.bookingId, refundSatang: 35_000, reason: 'again' }, actor, stripe)).rejects.toMatchObject({ code: 'not_allowed' });
    expect(fake.refunds()).toHaveLength(1);
  });
});
