import http from 'node:http';
import net from 'node:net';
import type Stripe from 'stripe';
import type { Prisma } from '@/generated/prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { processStripeWebhook } from '@/lib/payments/webhook-route';
import { startWebhookReceiver } from '@/test/fakes/webhook-receiver';
import { postgresTestUrl } from '@/test/db';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { startFakeStripe, type FakeStripe } from '@/test/fakes/stripe-server';
import { createBooking } from './create-booking';

/**
 * The booking path under load and faults, on the real PostgreSQL (TEST_DATABASE_URL): row locks, connection loss and
 * concurrent webhook deliveries are what is under test, which PGlite's single connection cannot show.
 */
const url = postgresTestUrl();
const WEBHOOK_SECRET = 'whsec_reliability_suite';

/**
 * A TCP hop between the app and PostgreSQL that can be told to drop every connection the moment the app sends a
 * given statement: the database "goes away" in the middle of a transaction, as when its server restarts.
 */
async function startCuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let cutOn: RegExp | null = null;
  let cuts = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      if (cutOn && cutOn.test(chunk.toString('latin1'))) {
        cutOn = null;
        cuts++;
        for (const s of sockets) s.destroy();
        sockets.clear();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const proxied = new URL(target.href);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    url: proxied.href,
    cutWhenSent(pattern: RegExp) {
      cutOn = pattern;
    },
    get cuts() {
      return cuts;
    },
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

describe.skipIf(!url)('reliability of the booking path on PostgreSQL', () => {
  let db: Db;
  let close: () => Promise<void>;
  let fakeStripe: FakeStripe;
  let stripe: Stripe;
  let webhookReceiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;

  /** A unit type of its own with `count` free units, so other suites sharing the database never touch it. */
  async function freshUnitType(code: string, count: number) {
    const template = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
    const { id: _id, createdAt: _c, updatedAt: _u, code: _code, ...fields } = template;
    void [_id, _c, _u, _code];
    const copy = fields as Omit<Prisma.UnitTypeUncheckedCreateInput, 'code'>;
    const type = await db.unitType.create({ data: { ...copy, code, name: { en: code, th: code, ru: code } } });
    await db.unit.createMany({ data: Array.from({ length: count }, (_, i) => ({ number: `${code.toUpperCase()}-${String(i + 1).padStart(3, '0')}`, unitTypeId: type.id })) });
    return type;
  }

  const bookingOpts = () => ({ locale: 'en', now: TEST_NOW, stripe, siteUrl: 'http://localhost:3000', sendEmails: false });

  beforeAll(async () => {
    ({ db, close } = createPrismaClient({ kind: 'postgres', url: url! }));
    webhookReceiver = await startWebhookReceiver(db, WEBHOOK_SECRET);
    fakeStripe = await startFakeStripe({ webhookUrl: webhookReceiver.url, webhookSecret: WEBHOOK_SECRET });
    stripe = createStripeClient({ secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET, apiBase: fakeStripe.url })!;
  });

  afterAll(async () => {
    await fakeStripe?.close();
    await webhookReceiver?.close();
    await close?.();
  });

  it('200 simultaneous submits for 20 units book each unit once, and bookings, units, invoices and payments reconcile', async () => {
    // docs/product-rules.md#holds, "Nobody can hold the last unit": unpaid bookings take 19 units; the rest are booked
    // without one and the type's last unit goes to the first of them to pay.
    const type = await freshUnitType(`rel${Date.now().toString(36)}`, 20);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => createBooking(db, completeDraft({ unitTypeCode: type.code, paymentMethod: i % 2 ? 'card' : 'promptpay' }), bookingOpts())),
    );
    const booked = results.filter((r) => r.ok);
    expect(booked).toHaveLength(200);

    const bookings = await db.booking.findMany({ where: { unitTypeId: type.id }, include: { invoices: { include: { lines: true } }, payments: true, customer: true } });
    expect(bookings.map((b) => b.id).sort()).toEqual(booked.map((r) => (r.ok ? r.bookingId : '')).sort());
    // Each unit once, the reserve untouched, and each held unit points back at its booking.
    const holding = bookings.filter((b) => b.unitId);
    expect(holding).toHaveLength(19);
    expect(new Set(holding.map((b) => b.unitId)).size).toBe(19);
    const units = await db.unit.findMany({ where: { unitTypeId: type.id } });
    expect(units.filter((u) => u.status === 'reserved')).toHaveLength(19);
    expect(units.filter((u) => u.status === 'available')).toHaveLength(1);
    expect(units.flatMap((u) => (u.currentBookingId ? [u.currentBookingId] : [])).sort()).toEqual(holding.map((b) => b.id).sort());
    // One invoice and one payment per booking, for the same amount, and the invoice is the sum of its lines.
    for (const b of bookings) {
      expect(b.invoices).toHaveLength(1);
      expect(b.payments).toHaveLength(1);
      const [invoice] = b.invoices;
      expect(invoice.totalSatang).toBe(b.payments[0].amountSatang);
      expect(invoice.lines.reduce((sum, l) => sum + l.amountSatang, 0)).toBe(invoice.totalSatang);
      expect(fakeStripe.sessions.get(b.payments[0].providerSessionId!)?.amountTotal).toBe(invoice.totalSatang);
    }
    expect(new Set(bookings.map((b) => b.customerId)).size).toBe(200);

    // Every customer pays: the 19 holders and the first payer among the rest get a unit each, never one twice.
    for (const b of bookings) expect(await fakeStripe.complete(b.payments[0].providerSessionId!)).toBe(200);
    const paid = await db.booking.findMany({ where: { unitTypeId: type.id, unitId: { not: null } }, include: { payments: true, invoices: true } });
    expect(paid).toHaveLength(20);
    expect(new Set(paid.map((b) => b.unitId)).size).toBe(20);
    expect(paid.every((b) => b.status === 'confirmed' && b.paymentStatus === 'paid' && b.payments.every((p) => p.status === 'paid') && b.invoices.every((i) => i.status === 'paid'))).toBe(true);
    expect(await db.unit.count({ where: { unitTypeId: type.id, status: 'available' } })).toBe(0);
  }, 300_000);

  it('the database going away mid-submit leaves no half booking, says so plainly, and the same draft books once it is back', async () => {
    const type = await freshUnitType(`cut${Date.now().toString(36)}`, 5);
    const proxy = await startCuttableProxy(new URL(url!));
    const viaProxy = createPrismaClient({ kind: 'postgres', url: proxy.url });
    try {
      const draft = completeDraft({ unitTypeCode: type.code, paymentMethod: 'cash', paymentStatus: 'pending_arrival' });
      const before = { bookings: await db.booking.count(), customers: await db.customer.count(), invoices: await db.invoice.count(), payments: await db.payment.count() };

      // Cut after the booking row is written, while its invoice is being issued in the same transaction.
      proxy.cutWhenSent(/INSERT INTO "public"\."invoices"/);
      const failed = await createBooking(viaProxy.db, draft, bookingOpts());
      expect(proxy.cuts).toBe(1);
      expect(failed).toEqual({ ok: false, error: 'other', message: 'There was an error processing your booking. Please try again.' });
      expect(await db.booking.count({ where: { idempotencyKey: draft.idempotencyKey } })).toBe(0);
      expect(await db.customer.count({ where: { email: draft.contact.email } })).toBe(0);
      expect(await db.unit.count({ where: { unitTypeId: type.id, status: 'available' } })).toBe(5);
      expect({ bookings: await db.booking.count(), customers: await db.customer.count(), invoices: await db.invoice.count(), payments: await db.payment.count() }).toEqual(before);

      // The customer presses "Complete Booking" again with what they typed: one booking, one unit.
      const retried = await createBooking(viaProxy.db, draft, bookingOpts());
      expect(retried.ok).toBe(true);
      const again = await createBooking(viaProxy.db, draft, bookingOpts());
      // The same booking and page; the page's link is signed afresh (its token carries the second it was signed).
      const unsigned = (r: typeof retried) => (r.ok ? { ...r, redirectUrl: r.redirectUrl.replace(/&token=[^&]+/, '') } : r);
      expect(unsigned(again)).toEqual(unsigned(retried));
      expect(await db.booking.count({ where: { idempotencyKey: draft.idempotencyKey } })).toBe(1);
      expect(await db.unit.count({ where: { unitTypeId: type.id, status: 'available' } })).toBe(4);
    } finally {
      await viaProxy.close();
      await proxy.close();
    }
  }, 60_000);

  it('a payment event delivered five times at once, then an expiry delivered late, converge on one paid booking', async () => {
    const type = await freshUnitType(`hook${Date.now().toString(36)}`, 3);
    const r = await createBooking(db, completeDraft({ unitTypeCode: type.code }), bookingOpts());
    if (!r.ok) throw new Error(`booking failed: ${r.message}`);
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    const event = (id: string, type: string, object: Record<string, unknown>) => {
      const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: { id: payment.providerSessionId, object: 'checkout.session', metadata: { bookingId: r.bookingId }, ...object } } });
      return processStripeWebhook(db, payload, stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }), WEBHOOK_SECRET);
    };
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => event('evt_rel_paid', 'checkout.session.completed', { payment_status: 'paid', payment_intent: 'pi_rel_1', status: 'complete' })));
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    expect(deliveries.filter((d) => d.body.outcome === 'processed')).toHaveLength(1);
    const late = await event('evt_rel_expired', 'checkout.session.expired', { payment_status: 'unpaid', status: 'expired' });
    expect(late.status).toBe(200);

    const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { payments: true, invoices: true, unit: true } });
    expect(b).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(b.payments.map((p) => p.status)).toEqual(['paid']);
    expect(b.invoices.map((i) => i.status)).toEqual(['paid']);
    expect(b.unit).toMatchObject({ status: 'reserved', currentBookingId: b.id });
    expect(await db.emailMessage.count({ where: { template: 'booking_confirmation', dedupeKey: { contains: b.id } } })).toBeLessThanOrEqual(1);
  }, 60_000);
});
