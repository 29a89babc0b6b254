// Issue 38, finding 2, on PostgreSQL: one visitor with many networks and devices tried to hold every unit of a type.
// The rule (docs/product-rules.md#holds, "Nobody can hold the last unit"): an unpaid booking of any method never takes
// the last free unit of its type; past that point it is booked without a unit and the first payment takes the unit, or
// is refunded in full automatically when none is left.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestUrl } from '@/test/db';
import { createPrismaClient } from '@/lib/db/client';
import type { Db } from '@/lib/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { completeDraft, TEST_NOW, uniqueContact } from '@/test/fixtures/booking-drafts';
import { startFakeStripe, type FakeStripe } from '@/test/fakes/stripe-server';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { processStripeWebhook } from '@/lib/payments/webhook-route';
import { createBooking, type CreateBookingOptions } from './create-booking';
import { requesterFor } from './requester';
import { asFixture } from '@/lib/db/status-writes';

const WEBHOOK_SECRET = 'whsec_inventory_attack';
let db: Db;
let close: () => Promise<void>;
let tmp: string;
let fake: FakeStripe;
let hook: http.Server;

const url = postgresTestUrl();

beforeAll(async () => {
  if (!url) return;
  ({ db, close } = createPrismaClient({ kind: 'postgres', url }));
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-inventory-'));
  // The webhook route as the server runs it, so the fake's completed sessions reach the real handler.
  hook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const out = await processStripeWebhook(db, body, (req.headers['stripe-signature'] as string) ?? null, WEBHOOK_SECRET);
      res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  fake = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`, webhookSecret: WEBHOOK_SECRET });
  // Production limits (no RATE_LIMIT_SCALE headroom): three open holds per network.
  setEnvForTests({
    EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    RESEND_API_KEY: undefined,
    SITE_URL: 'http://localhost:3000',
    RATE_LIMIT_SCALE: '1',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
});
afterAll(async () => {
  if (!url) return;
  resetEnvForTests();
  await fake.close();
  await new Promise((r) => hook.close(r));
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const opts = (o: Partial<CreateBookingOptions> = {}): CreateBookingOptions => ({ locale: 'en', now: TEST_NOW, stripe: createStripeClient(), sendEmails: false, ...o });
const free = (code: string) => db.unit.count({ where: { unitType: { code }, status: 'available', currentBookingId: null, retiredAt: null } });
// Types no other PostgreSQL suite books, each left with at most 8 free units.
const TYPES = ['l', 'xl', 'm1'] as const;

describe.skipIf(!url)('60 unpaid bookings from 20 networks and 60 devices cannot keep a paying customer out', () => {
  it('every attacked type keeps one unit for the first payment; a real customer books by transfer and by card, and the card payment gets the unit', async () => {
    for (const code of TYPES) {
      const spare = await db.unit.findMany({ where: { unitType: { code }, status: 'available', currentBookingId: null, retiredAt: null }, orderBy: { number: 'asc' }, skip: 8 });
      await asFixture(() => db.unit.updateMany({ where: { id: { in: spare.map((u) => u.id) } }, data: { status: 'maintenance' } }));
    }
    const before = Object.fromEntries(await Promise.all(TYPES.map(async (c) => [c, await free(c)] as const)));
    // 20 IPv6 /64s inside one /48, three bookings each (the most one network may hold), each with a fresh device
    // cookie; card checkouts and transfers alternately, spread over three types, unconfirmed addresses of their own.
    const attacker = [];
    for (let n = 0; n < 20; n++) {
      for (let k = 0; k < 3; k++) {
        const i = n * 3 + k;
        const method = i % 2 ? 'card' : 'bank_transfer';
        const draft = completeDraft({ unitTypeCode: TYPES[i % 3], paymentMethod: method, paymentStatus: method === 'card' ? 'pending' : 'pending_bank_transfer', contact: { ...completeDraft().contact, ...uniqueContact(`bot${i}`) } });
        attacker.push(createBooking(db, draft, opts({ requester: requesterFor({ address: `2001:db8:beef:${n.toString(16)}::${k + 1}`, userAgent: 'bot', deviceKey: `bot-device-${i}` }) })));
      }
    }
    const results = await Promise.all(attacker);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    // Every type the attacker went for still shows its last unit (the issue: "every unit type then showed 0").
    for (const c of TYPES) {
      expect(before[c], `type ${c} needs more units than the attacker holds per type`).toBeLessThan(20);
      expect(await free(c)).toBe(1);
    }
    // The attacker's own bookings: other files on this database (reliability's 200 submits) leave unitless ones too.
    const unitless = await db.booking.count({ where: { id: { in: results.flatMap((r) => (r.ok ? [r.bookingId] : [])) }, status: 'reserved', unitId: null } });
    expect(unitless).toBe(60 - TYPES.reduce((a, c) => a + before[c] - 1, 0));

    // A real customer books by transfer, from their own network: accepted (not "sold out"), told their bank details.
    const me = { ...completeDraft().contact, ...uniqueContact('real') };
    const transfer = await createBooking(db, completeDraft({ unitTypeCode: 'xl', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer', contact: me }), opts({ requester: requesterFor({ address: '203.0.113.50', userAgent: 'phone', deviceKey: 'real-phone' }) }));
    expect(transfer).toMatchObject({ ok: true });
    // And by card, from another device: the checkout opens, and the paid session gets the last unit at once.
    const card = await createBooking(db, completeDraft({ unitTypeCode: 'xl', contact: { ...me, ...uniqueContact('real2') } }), opts({ requester: requesterFor({ address: '203.0.113.51', userAgent: 'laptop', deviceKey: 'real-laptop' }) }));
    expect(card).toMatchObject({ ok: true, redirectUrl: expect.stringContaining('/c/pay/') });
    if (!card.ok) return;
    const session = (await db.payment.findFirstOrThrow({ where: { bookingId: card.bookingId } })).providerSessionId!;
    expect(await fake.complete(session)).toBe(200);
    const paid = await db.booking.findUniqueOrThrow({ where: { id: card.bookingId }, include: { heldUnit: { include: { unitType: true } } } });
    expect(paid).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(paid.heldUnit?.unitType.code).toBe('xl');
    expect(await free('xl')).toBe(0);

    // Another card payment for the same type now finds every unit taken: its money goes back automatically, staff told.
    const late = await createBooking(db, completeDraft({ unitTypeCode: 'xl', contact: { ...completeDraft().contact, ...uniqueContact('late') } }), opts({ requester: requesterFor({ address: '198.51.100.7', userAgent: 'x', deviceKey: 'late-device' }) }));
    expect(late).toMatchObject({ ok: false, error: 'sold_out' });
    const lateOnL = await createBooking(db, completeDraft({ unitTypeCode: 'l', contact: { ...completeDraft().contact, ...uniqueContact('late2') } }), opts({ requester: requesterFor({ address: '198.51.100.8', userAgent: 'x', deviceKey: 'late-device-2' }) }));
    const lateOnL2 = await createBooking(db, completeDraft({ unitTypeCode: 'l', contact: { ...completeDraft().contact, ...uniqueContact('late3') } }), opts({ requester: requesterFor({ address: '198.51.100.9', userAgent: 'x', deviceKey: 'late-device-3' }) }));
    if (!lateOnL.ok || !lateOnL2.ok) throw new Error('card bookings refused');
    const sessionOf = async (id: string) => (await db.payment.findFirstOrThrow({ where: { bookingId: id } })).providerSessionId!;
    expect(await fake.complete(await sessionOf(lateOnL.bookingId))).toBe(200);
    expect(await db.booking.findUniqueOrThrow({ where: { id: lateOnL.bookingId } })).toMatchObject({ status: 'confirmed' });
    expect(await fake.complete(await sessionOf(lateOnL2.bookingId))).toBe(200);
    const refunded = await db.booking.findUniqueOrThrow({ where: { id: lateOnL2.bookingId } });
    expect(refunded.unitId).toBeNull();
    expect(refunded.status).not.toBe('confirmed');
    const pi = (await db.payment.findFirstOrThrow({ where: { bookingId: lateOnL2.bookingId } })).providerPaymentId;
    expect(fake.refunds()).toEqual(expect.arrayContaining([expect.objectContaining({ payment_intent: pi })]));
    expect(await db.emailMessage.count({ where: { template: 'staff_paid_no_unit', subject: { contains: refunded.reference } } })).toBeGreaterThan(0);
  }, 300_000);
});
