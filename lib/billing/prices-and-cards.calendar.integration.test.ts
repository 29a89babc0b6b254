import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { openTestDb, postgresTestUrl } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { startFakeStripe, type FakeStripe } from '@/test/fakes/stripe-server';
import { startWebhookReceiver } from '@/test/fakes/webhook-receiver';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { bangkokNoon as day, book, checkoutSessionOf, paidRental, rentalDraft } from '@/test/fixtures/rentals';
import type { Locale } from '@/lib/i18n/routing';
import { recordCounterPayment } from '@/lib/payments/staff-payments';
import { deliverQueued } from '@/lib/jobs/email-outbox';
import { termPrice } from '@/lib/pricing';
import { affectedTenants, RentChangeError, scheduleRentChanges } from './rent-changes';
import { createPrepayInvoice, prepayOptions } from './prepay';
import { startCardReplacement } from '@/lib/payments/stripe/card-replacement';
import { runBilling } from './run';

// Prices over time, prepayment and card retries on a simulated calendar (docs/product-rules.md#prices-over-time-prepayment-and-card-retries).
// On the real PostgreSQL when TEST_DATABASE_URL is set, else on the embedded database.
const SECRET = 'whsec_prices_and_cards';
const url = postgresTestUrl();
let db: Db;
let close: () => Promise<void>;
let fake: FakeStripe;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let tmp: string;
const staff = { id: 'staff-1', email: 'staff@example.test' };

beforeAll(async () => {
  ({ db, close } = url ? createPrismaClient({ kind: 'postgres', url }) : await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-prices-'));
  receiver = await startWebhookReceiver(db, SECRET);
  fake = await startFakeStripe({ webhookUrl: receiver.url, webhookSecret: SECRET });
  setEnvForTests({
    EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    RESEND_API_KEY: undefined,
    SITE_URL: 'http://localhost:3000',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: fake.url,
  });
  stripe = createStripeClient({ secretKey: 'sk_test_fake', webhookSecret: SECRET, apiBase: fake.url })!;
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const iso = (d: Date | null) => d?.toISOString().slice(0, 10) ?? null;

/** Everything a billing run can write. */
async function footprint() {
  return Promise.all([
    db.invoice.findMany({ select: { id: true, status: true }, orderBy: { id: 'asc' } }),
    db.payment.findMany({ select: { id: true, status: true }, orderBy: { id: 'asc' } }),
    db.emailMessage.count(),
    db.auditLog.count(),
    db.creditNote.count(),
    db.booking.findMany({ select: { id: true, rentRate: true, paidThroughMonths: true, delinquency: true }, orderBy: { id: 'asc' } }),
    db.rentChange.findMany({ select: { id: true, appliedAt: true }, orderBy: { id: 'asc' } }),
    fake.intents.size,
  ]);
}

/** Each day's job twice: the second run changes nothing. */
async function runDay(isoDay: string, withStripe = false) {
  const first = await runBilling(db, { now: day(isoDay), stripe: withStripe ? stripe : null });
  const before = await footprint();
  const second = await runBilling(db, { now: day(isoDay), stripe: withStripe ? stripe : null });
  expect(await footprint()).toEqual(before);
  expect(second).toMatchObject({ renewalInvoices: 0, cardsCharged: 0, cardsFailed: 0, rentChangesApplied: 0, prepaymentsLapsed: 0, lateFees: 0 });
  return first;
}

/** A month-to-month rental of a small drive-up unit (m6, which no other integration test books: the PostgreSQL run shares one database) from 25 Nov 2026, first month paid; month two is due 25 Dec. */
const cashRental = (locale: Locale = 'en') => paidRental(db, { unitTypeCode: 'm6', term: 'm2m', method: 'cash', locale });

/** The same, paid by card through Checkout: the card is saved for the renewals. */
async function cardRental() {
  const id = await book(db, rentalDraft('m6', 'card', { term: 'm2m' }), { siteUrl: 'http://localhost:3000', stripe });
  expect(await fake.complete(await checkoutSessionOf(db, id))).toBe(200);
  const booking = await db.booking.findUniqueOrThrow({ where: { id }, include: { customer: true } });
  return { id, customerId: booking.customer.stripeCustomerId!, email: booking.customer.email };
}

const renewals = (bookingId: string) => db.invoice.findMany({ where: { bookingId, kind: 'renewal' }, orderBy: { periodStart: 'asc' }, include: { lines: true, payments: { orderBy: { createdAt: 'asc' } } } });
const rentLine = (invoice: { lines: { kind: string; unitSatang: number }[] }) => invoice.lines.find((l) => l.kind === 'rent')!.unitSatang;
const intentsFor = (invoiceId: string) => [...fake.intents.values()].filter((i) => i.metadata.invoiceId === invoiceId);

describe('prices over time, prepayment and card retries, day by day', { timeout: 180_000 }, () => {
  it('a card that fails twice then succeeds: retried after 1 and 3 days, each failure emails the pay link, success stops the retries', async () => {
    const rental = await cardRental();
    fake.declineCardsOf(rental.customerId);
    await runDay('2026-12-18', true);
    const [month2] = await renewals(rental.id);
    expect(iso(month2.periodStart)).toBe('2026-12-25');
    // The day before the due date: no charge.
    expect((await runDay('2026-12-24', true)).cardsFailed).toBe(0);
    expect(intentsFor(month2.id)).toHaveLength(0);
    // Due date: declined; the customer gets the pay link and the day of the next try.
    expect((await runDay('2026-12-25', true)).cardsFailed).toBe(1);
    let mails = await db.emailMessage.findMany({ where: { toAddress: rental.email, template: 'card_payment_failed' }, orderBy: { createdAt: 'asc' } });
    expect(mails).toHaveLength(1);
    expect(mails[0].html).toContain(`/pay-invoice/${month2.id}?token=`);
    expect(mails[0].text).toContain('26 December 2026');
    // Day 1: the first retry, declined too; the next try is on day 3.
    expect((await runDay('2026-12-26', true)).cardsFailed).toBe(1);
    mails = await db.emailMessage.findMany({ where: { toAddress: rental.email, template: 'card_payment_failed' }, orderBy: { createdAt: 'asc' } });
    expect(mails).toHaveLength(2);
    expect(mails[1].html).toContain(`/pay-invoice/${month2.id}?token=`);
    expect(mails[1].text).toContain('28 December 2026');
    // Day 2: no attempt is due.
    expect((await runDay('2026-12-27', true)).cardsFailed).toBe(0);
    expect(intentsFor(month2.id)).toHaveLength(2);
    // Day 3: the card works again.
    fake.declineCardsOf(rental.customerId, false);
    expect((await runDay('2026-12-28', true)).cardsCharged).toBe(1);
    const paid = (await renewals(rental.id))[0];
    expect(paid.status).toBe('paid');
    expect(paid.payments.map((p) => [p.idempotencyKey, p.status])).toEqual([
      [`offsession:${month2.id}`, 'failed'],
      [`offsession:${month2.id}:1`, 'failed'],
      [`offsession:${month2.id}:2`, 'paid'],
    ]);
    // Day 7: paid, so no more attempts and no more failure emails.
    await runDay('2027-01-01', true);
    expect(intentsFor(month2.id)).toHaveLength(3);
    expect(await db.emailMessage.count({ where: { toAddress: rental.email, template: 'card_payment_failed' } })).toBe(2);
    expect(await db.invoice.count({ where: { bookingId: rental.id, kind: 'fee' } })).toBe(0);
  });

  it('a declined renewal paid at the counter is not charged again; the customer can replace the card, and the new one is charged', async () => {
    const rental = await cardRental();
    fake.declineCardsOf(rental.customerId);
    await runDay('2026-12-18', true);
    await runDay('2026-12-25', true);
    const [month2] = await renewals(rental.id);
    await recordCounterPayment(db, { invoiceId: month2.id, method: 'cash', amountSatang: month2.totalSatang }, staff, day('2026-12-25'));
    await runDay('2026-12-26', true);
    await runDay('2026-12-28', true);
    expect(intentsFor(month2.id)).toHaveLength(1);

    // The customer replaces the card from the portal (Checkout in setup mode); the webhook makes it the default.
    const started = await startCardReplacement(db, stripe, { bookingId: rental.id, locale: 'en', returnUrl: 'http://localhost:3000/my-booking/X?token=t' });
    if (!started.ok) throw new Error(started.error);
    const session = [...fake.sessions.values()].find((s) => started.url.endsWith(s.id))!;
    expect(session.params).toMatchObject({ mode: 'setup', customer: rental.customerId, 'allowed_payment_method_types[0]': 'card', success_url: 'http://localhost:3000/my-booking/X?token=t&card=updated' });
    expect(await fake.complete(session.id)).toBe(200);
    const customer = fake.customers.get(rental.customerId)!;
    expect(customer.paymentMethods).toHaveLength(2);
    expect(customer.defaultPaymentMethod).toBe(customer.paymentMethods[1]);
    expect(await db.auditLog.count({ where: { action: 'customer.card_replaced' } })).toBeGreaterThan(0);
    // The old card stays declined; month three is charged to the new default card.
    await runDay('2027-01-18', true);
    const month3 = (await renewals(rental.id))[1];
    await runDay('2027-01-25', true);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: month3.id } })).status).toBe('paid');
    expect(intentsFor(month3.id).map((i) => i.status)).toEqual(['succeeded']);
  });

  it('a price change with notice: staff see who is affected, the tenant is told in Thai, the old rate is billed before the date and the new one from it', async () => {
    const id = await cashRental('th');
    const type = await db.unitType.findUniqueOrThrow({ where: { code: 'm6' } });
    const oldRate = (await db.booking.findUniqueOrThrow({ where: { id } })).rentRate;
    expect(oldRate).toBe(type.baseRate);
    const newRate = oldRate + 50_000;
    try {
      await runDay('2026-12-18');
      // A new list price alone changes no existing rental.
      await db.unitType.update({ where: { code: 'm6' }, data: { baseRate: newRate } });
      await runDay('2026-12-19');
      expect((await db.booking.findUniqueOrThrow({ where: { id } })).rentRate).toBe(oldRate);
      // Staff see who is affected, old → new, from which date (the first billing date at least 30 days away).
      const preview = await affectedTenants(db, 'm6', day('2026-12-20'));
      expect(preview.tenants.find((t) => t.bookingId === id)).toMatchObject({ oldRate, newRate, effectiveFrom: '2027-01-25' });
      // A list computed for another price is not confirmed.
      await expect(scheduleRentChanges(db, staff, 'm6', oldRate, day('2026-12-20'))).rejects.toBeInstanceOf(RentChangeError);
      const scheduled = await scheduleRentChanges(db, staff, 'm6', newRate, day('2026-12-20'));
      expect(scheduled.scheduled).toBeGreaterThan(0);
      // Confirming again announces nothing twice.
      await expect(scheduleRentChanges(db, staff, 'm6', newRate, day('2026-12-20'))).rejects.toMatchObject({ code: 'nothing_to_change' });
      const change = await db.rentChange.findFirstOrThrow({ where: { bookingId: id } });
      const sent = await deliverQueued(db, `rent_change:${change.id}`);
      expect(sent?.status).toBe('sent');
      const mail = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `rent_change:${change.id}` } });
      expect(mail.locale).toBe('th');
      expect(mail.subject).toContain('ค่าเช่ารายเดือน');
      const baht = (s: number) => `฿${(s / 100).toLocaleString('en-US')}`;
      expect(mail.text).toContain(baht(oldRate));
      expect(mail.text).toContain(baht(newRate));
      expect(mail.text).toContain('25 มกราคม 2570');

      // Month two (before the date) stays at the old rate.
      expect(rentLine((await renewals(id))[0])).toBe(oldRate);
      // Month three starts on the date: its invoice (issued 7 days ahead) bills the new rate; not a day early.
      await runDay('2027-01-17');
      expect(await renewals(id)).toHaveLength(1);
      await runDay('2027-01-18');
      const month3 = (await renewals(id))[1];
      expect(iso(month3.periodStart)).toBe('2027-01-25');
      expect(rentLine(month3)).toBe(newRate);
      // The change becomes the rental's own rate on its date: the day before nothing, the day itself once.
      expect((await runDay('2027-01-24')).rentChangesApplied).toBe(0);
      expect((await db.booking.findUniqueOrThrow({ where: { id } })).rentRate).toBe(oldRate);
      expect((await runDay('2027-01-25')).rentChangesApplied).toBeGreaterThan(0);
      expect((await db.booking.findUniqueOrThrow({ where: { id } })).rentRate).toBe(newRate);
      expect(await db.auditLog.count({ where: { entityId: id, action: 'booking.rent_change_applied' } })).toBe(1);
      await runDay('2027-02-18');
      expect(rentLine((await renewals(id))[2])).toBe(newRate);
    } finally {
      await db.unitType.update({ where: { code: 'm6' }, data: { baseRate: type.baseRate } });
    }
  });

  it('a price put back before its date: staff see the tenant again and confirming withdraws the change; the old rate is billed', async () => {
    const id = await cashRental();
    const type = await db.unitType.findUniqueOrThrow({ where: { code: 'm6' } });
    const own = (await db.booking.findUniqueOrThrow({ where: { id } })).rentRate;
    try {
      await db.unitType.update({ where: { code: 'm6' }, data: { baseRate: own + 10_000 } });
      await scheduleRentChanges(db, staff, 'm6', own + 10_000, day('2026-12-01'));
      expect(await db.rentChange.count({ where: { bookingId: id, cancelledAt: null } })).toBe(1);
      await db.unitType.update({ where: { code: 'm6' }, data: { baseRate: own } });
      const preview = await affectedTenants(db, 'm6', day('2026-12-02'));
      expect(preview.tenants.find((t) => t.bookingId === id)).toMatchObject({ oldRate: own, newRate: own });
      const r = await scheduleRentChanges(db, staff, 'm6', own, day('2026-12-02'));
      expect(r.withdrawn).toBeGreaterThan(0);
      expect(await db.rentChange.count({ where: { bookingId: id, cancelledAt: null } })).toBe(0);
      expect(await db.emailMessage.count({ where: { bookingId: id, template: 'rent_change' } })).toBe(1);
      expect((await affectedTenants(db, 'm6', day('2026-12-02'))).tenants.find((t) => t.bookingId === id)).toBeUndefined();
    } finally {
      await db.unitType.update({ where: { code: 'm6' }, data: { baseRate: type.baseRate } });
    }
    for (const d of ['2026-12-18', '2027-01-18']) await runDay(d);
    expect((await renewals(id)).map(rentLine)).toEqual([own, own]);
  });

  it('a prepaid extension: one invoice at the term discount, nothing invoiced for the prepaid months, billed again after them', async () => {
    const id = await cashRental();
    const booking = await db.booking.findUniqueOrThrow({ where: { id } });
    await runDay('2026-12-18'); // month two, 25 Dec
    const [month2] = await renewals(id);
    await recordCounterPayment(db, { invoiceId: month2.id, method: 'cash', amountSatang: month2.totalSatang }, staff, day('2026-12-19'));
    const { options } = await prepayOptions(db, id, day('2026-12-20'));
    const three = options.find((o) => o.term === '3m')!;
    // The next month not yet invoiced, through the wizard's term price.
    expect(three).toMatchObject({ from: '2027-01-25', to: '2027-04-24' });
    expect(three.quote.totalDue).toBe(termPrice(booking.rentRate, '3m').discounted + booking.insuranceMonthly * 3);
    const { invoiceId } = await createPrepayInvoice(db, id, '3m', day('2026-12-20'));
    // Pressed twice: the same invoice.
    expect((await createPrepayInvoice(db, id, '3m', day('2026-12-20'))).invoiceId).toBe(invoiceId);
    const invoice = await db.invoice.findUniqueOrThrow({ where: { id: invoiceId } });
    expect(invoice).toMatchObject({ kind: 'prepay', status: 'open', totalSatang: three.quote.totalDue });
    await recordCounterPayment(db, { invoiceId, method: 'cash', amountSatang: invoice.totalSatang }, staff, day('2026-12-21'));
    expect((await db.booking.findUniqueOrThrow({ where: { id } })).paidThroughMonths).toBe(5);
    // Nothing is invoiced for January, February or March.
    for (const d of ['2027-01-18', '2027-02-18', '2027-03-18', '2027-04-17']) await runDay(d);
    expect((await renewals(id)).map((i) => iso(i.periodStart))).toEqual(['2026-12-25']);
    // Billed again from 25 April, issued on its day.
    await runDay('2027-04-18');
    expect((await renewals(id)).map((i) => iso(i.periodStart))).toEqual(['2026-12-25', '2027-04-25']);
  });

  it('a part-paid prepayment does not lapse; paid in full after its first month was invoiced, that rent invoice is credited', async () => {
    const id = await cashRental();
    await runDay('2026-12-18');
    const [month2] = await renewals(id);
    await recordCounterPayment(db, { invoiceId: month2.id, method: 'cash', amountSatang: month2.totalSatang }, staff, day('2026-12-19'));
    const { invoiceId } = await createPrepayInvoice(db, id, '3m', day('2026-12-20'));
    const prepay = await db.invoice.findUniqueOrThrow({ where: { id: invoiceId } });
    await recordCounterPayment(db, { invoiceId, method: 'cash', amountSatang: 100_000 }, staff, day('2026-12-21'));
    expect((await runDay('2027-01-18')).prepaymentsLapsed).toBe(0);
    const month3 = (await renewals(id))[1];
    expect(iso(month3.periodStart)).toBe('2027-01-25');
    await recordCounterPayment(db, { invoiceId, method: 'cash', amountSatang: prepay.totalSatang - 100_000 }, staff, day('2027-01-20'));
    expect((await db.booking.findUniqueOrThrow({ where: { id } })).paidThroughMonths).toBe(5);
    const credited = await db.invoice.findUniqueOrThrow({ where: { id: month3.id }, include: { creditNotes: true } });
    expect(credited.status).toBe('void');
    expect(credited.creditNotes.map((n) => n.amountSatang)).toEqual([month3.totalSatang]);
    for (const d of ['2027-02-18', '2027-03-18']) await runDay(d);
    await runDay('2027-04-18');
    expect((await renewals(id)).map((i) => iso(i.periodStart))).toEqual(['2026-12-25', '2027-01-25', '2027-04-25']);
    expect(await db.invoice.count({ where: { bookingId: id, kind: 'fee' } })).toBe(0);
  });

  it('an unpaid prepayment lapses the day its first month is invoiced (not the day before): credited, voided, the month billed as usual', async () => {
    const id = await cashRental();
    await runDay('2026-12-18');
    const { invoiceId } = await createPrepayInvoice(db, id, '6m', day('2026-12-20'));
    expect((await runDay('2027-01-17')).prepaymentsLapsed).toBe(0);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoiceId } })).status).toBe('open');
    expect(await renewals(id)).toHaveLength(1);
    expect((await runDay('2027-01-18')).prepaymentsLapsed).toBe(1);
    const lapsed = await db.invoice.findUniqueOrThrow({ where: { id: invoiceId }, include: { creditNotes: true } });
    expect(lapsed.status).toBe('void');
    expect(lapsed.creditNotes.map((n) => n.amountSatang)).toEqual([lapsed.totalSatang]);
    expect((await renewals(id)).map((i) => iso(i.periodStart))).toEqual(['2026-12-25', '2027-01-25']);
  });
});
