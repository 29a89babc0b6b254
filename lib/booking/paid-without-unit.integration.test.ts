// Issue 38's remaining gaps, on PostgreSQL (PGlite without TEST_DATABASE_URL): a payment that completes for a
// booking holding no unit while every unit of its type is taken (docs/product-rules.md#inventory, "Paid, but no
// unit"), staff taking a payment, in full or in part, that would confirm such a booking ("Staff cannot confirm
// without a unit"), and a booking accepted on the reserve told so by its success page and email ("Booked on the
// reserve").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asFixture } from '@/lib/db/status-writes';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { TEST_NOW } from '@/test/fixtures/booking-drafts';
import type { FakeStripe } from '@/test/fakes/stripe-server';
import { book as submit, bookingOptions, checkoutSessionOf, draftBy, stripeCheckout } from '@/test/fixtures/rentals';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { confirmBooking, recordCashPayment, verifyPayment } from '@/lib/rentals/commands';
import { afterSettle, recordCounterPayment } from '@/lib/payments/staff-payments';
import { settlePayment } from '@/lib/payments/ledger/settle';
import { refusalAnswer } from '@/lib/actions/refusal';
import { todayItems } from '@/lib/admin/today';
import { alertCounts } from '@/lib/staff-alerts';
import { releaseExpiredHolds } from '@/lib/billing/holds';
import type { CreateBookingOptions } from './create-booking';
import { requesterFor } from './requester';
import { getBookingForSuccessPage, successToken } from './success';
import { NO_UNIT_DECISION_HOURS, REFUND_ARRIVAL_DAYS } from './no-unit';
import { sendBookingConfirmation } from './confirmation-email';
import { sendHoldExpired, sendHoldExpiring } from '@/lib/billing/hold-emails';
import { formatTHB } from '@/lib/format/money';
import { unitTypeName } from '@/lib/units/listing';
import { NoUnitFree } from './unit-on-payment';

const WEBHOOK_SECRET = 'whsec_paid_without_unit';
let db: Db;
let close: () => Promise<void>;
let tmp: string;
let fake: FakeStripe;
let closeStripe: () => Promise<void>;
const actor = { id: 'staff-no-unit', email: 'counter@example.test' };

beforeAll(async () => {
  // A database of its own (a PostgreSQL copy when TEST_DATABASE_URL is set): the test takes units out of service,
  // which must not reach the files that share a worker's database.
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-no-unit-'));
  // A fake Stripe whose completed sessions reach the app's real webhook handler.
  let stripeEnv: Record<string, string>;
  ({ fake, env: stripeEnv, close: closeStripe } = await stripeCheckout(db, WEBHOOK_SECRET));
  setEnvForTests({
    EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    RESEND_API_KEY: undefined,
    SITE_URL: 'http://localhost:3000',
    ...stripeEnv,
  });
  await db.user.upsert({ where: { email: actor.email }, update: {}, create: { id: actor.id, email: actor.email, name: 'Counter', role: 'staff', passwordHash: 'x', isActive: true } });
}, 60_000);
afterAll(async () => {
  resetEnvForTests();
  await closeStripe?.();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let device = 0;
const opts = (o: Partial<CreateBookingOptions> = {}) =>
  bookingOptions({ stripe: createStripeClient(), requester: requesterFor({ address: `198.51.100.${++device}`, userAgent: 'phone', deviceKey: `no-unit-device-${device}` }), ...o });
const freeUnits = (code: string) => db.unit.count({ where: { unitType: { code }, status: 'available', currentBookingId: null, retiredAt: null } });

/** Exactly `n` units of the type free (the others put in maintenance), whatever earlier files on this database did. */
async function leaveFree(code: string, n: number) {
  const idle = await db.unit.findMany({ where: { unitType: { code }, currentBookingId: null, retiredAt: null, status: { in: ['available', 'maintenance'] } }, orderBy: { number: 'asc' } });
  expect(idle.length, `type ${code} needs ${n} idle units`).toBeGreaterThanOrEqual(n);
  await asFixture(() => db.unit.updateMany({ where: { id: { in: idle.slice(0, n).map((u) => u.id) } }, data: { status: 'available' } }));
  await asFixture(() => db.unit.updateMany({ where: { id: { in: idle.slice(n).map((u) => u.id) } }, data: { status: 'maintenance' } }));
  expect(await freeUnits(code)).toBe(n);
}

async function book(code: string, method: 'card' | 'bank_transfer' | 'cash', name: string, locale: 'en' | 'th' | 'ru' = 'en') {
  const id = await submit(db, draftBy(name, code, method), opts({ locale }));
  return db.booking.findUniqueOrThrow({ where: { id }, include: { customer: true, payments: true } });
}
const payByCard = async (bookingId: string) => fake.complete(await checkoutSessionOf(db, bookingId));
const refusal = async (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe('paid when no unit was left: the customer is told the truth in their language, staff see it', () => {
  it('a card payment that finds every unit taken is refunded, and the success page, the email and Today say so (Thai)', async () => {
    await leaveFree('m1cc', 1);
    // Both book when only the reserve is free: neither holds a unit. The other customer pays first and takes it.
    const thai = await book('m1cc', 'card', 'somsri', 'th');
    const other = await book('m1cc', 'card', 'other');
    expect([thai.unitId, other.unitId]).toEqual([null, null]);
    expect(await payByCard(other.id)).toBe(200);
    expect(await db.booking.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ status: 'confirmed' });
    expect(await payByCard(thai.id)).toBe(200);

    const after = await db.booking.findUniqueOrThrow({ where: { id: thai.id } });
    expect(after).toMatchObject({ status: 'reserved', unitId: null });
    const pi = (await db.payment.findFirstOrThrow({ where: { bookingId: thai.id } })).providerPaymentId;
    expect(fake.refunds()).toEqual(expect.arrayContaining([expect.objectContaining({ payment_intent: pi, amount: thai.totalDueToday })]));

    // The success page the checkout returns to: not "confirmed", but the automatic refund.
    const page = await getBookingForSuccessPage(db, thai.id, thai.reference, 'th', successToken(thai.reference));
    expect(page?.noUnit).toBe('automatic');
    const otherPage = await getBookingForSuccessPage(db, other.id, other.reference, 'en', successToken(other.reference));
    expect(otherPage?.noUnit).toBeNull();

    // The email, in the booking's language (Thai), with the amount and the refund period the code states.
    const mail = await db.emailMessage.findFirstOrThrow({ where: { template: 'booking_paid_no_unit', bookingId: thai.id } });
    expect(mail.toAddress).toBe(thai.customer.email);
    expect(mail.subject).toBe(`การชำระเงินสำหรับ ${thai.reference}: ไม่มีห้องเหลือแล้ว`);
    expect(mail.text).toContain('การจองของคุณยังไม่ได้รับการยืนยัน');
    expect(mail.text).toContain(`ภายใน ${REFUND_ARRIVAL_DAYS} วัน`);
    expect(mail.text).toMatch(/฿\s?[\d,]+/);
    // The customer who got the unit is not told anything of the sort.
    expect(await db.emailMessage.count({ where: { template: 'booking_paid_no_unit', bookingId: other.id } })).toBe(0);

    // The hold's end does not turn it into "expired": the page keeps saying what happened to the money.
    await releaseExpiredHolds(db, new Date(TEST_NOW.getTime() + 3 * 86_400_000));
    expect(await db.booking.findUniqueOrThrow({ where: { id: thai.id } })).toMatchObject({ status: 'reserved', unitId: null });
    expect((await getBookingForSuccessPage(db, thai.id, thai.reference, 'th', successToken(thai.reference)))?.noUnit).toBe('automatic');

    // Staff: the alert email, the badge count and an item on Today that says what to do.
    expect(await db.emailMessage.count({ where: { template: 'staff_paid_no_unit', subject: { contains: thai.reference } } })).toBeGreaterThan(0);
    expect((await alertCounts(db, TEST_NOW)).counts.paid_no_unit).toBeGreaterThanOrEqual(1);
    const { items } = await todayItems(db, TEST_NOW);
    expect(items.find((i) => i.reference === thai.reference)).toMatchObject({ kind: 'noUnit', next: 'assignOrRefund', text: 'automatic' });
    expect(items.find((i) => i.reference === other.reference && i.kind === 'noUnit')).toBeUndefined();
  }, 120_000);
});

describe('staff cannot confirm a transfer or cash booking when no unit of its type is free', () => {
  it('unit free: verifying the transfer of a booking made on the reserve confirms it with that unit', async () => {
    await leaveFree('m4', 1);
    const b = await book('m4', 'bank_transfer', 'freeunit');
    expect(b.unitId).toBeNull();
    await verifyPayment(db, { bookingId: b.id }, actor);
    const after = await db.booking.findUniqueOrThrow({ where: { id: b.id }, include: { heldUnit: { include: { unitType: true } } } });
    expect(after).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(after.heldUnit?.unitType.code).toBe('m4');
    expect(await freeUnits('m4')).toBe(0);
  }, 60_000);

  it('none free: verify, record cash and the counter payment are refused with the message (English and Thai), nothing is written, staff are alerted', async () => {
    await leaveFree('m6', 1);
    const transfer = await book('m6', 'bank_transfer', 'late-transfer');
    const cash = await book('m6', 'cash', 'late-cash');
    expect([transfer.unitId, cash.unitId]).toEqual([null, null]);
    // Meanwhile a card customer pays and takes the last unit.
    const card = await book('m6', 'card', 'quick-card');
    expect(await payByCard(card.id)).toBe(200);
    expect(await freeUnits('m6')).toBe(0);

    const verify = await refusal(verifyPayment(db, { bookingId: transfer.id }, actor));
    expect(verify).toBeInstanceOf(NoUnitFree);
    // The answer the staff action gives (lib/actions/refusal.ts), in English and in Thai.
    const en = refusalAnswer(verify as NoUnitFree, 'en');
    expect(en.message).toBe(`No unit of this booking's type is free, so ${transfer.reference} cannot be confirmed and the payment was not recorded. Free a unit of this type (or move this booking to one) and try again; otherwise tell the customer, return their money and cancel the booking.`);
    const th = refusalAnswer(verify as NoUnitFree, 'th');
    expect(th.message).toContain(`ยืนยัน ${transfer.reference} ไม่ได้`);
    expect(th.message).toContain('ยังไม่ได้บันทึกการชำระเงิน');

    // Nothing written: the booking and its payment as they were.
    expect(await db.booking.findUniqueOrThrow({ where: { id: transfer.id } })).toMatchObject({ status: 'reserved', paymentStatus: 'pending_bank_transfer', unitId: null });
    expect((await db.payment.findFirstOrThrow({ where: { bookingId: transfer.id } })).status).toBe('pending_bank_transfer');

    const due = (await db.invoice.findFirstOrThrow({ where: { bookingId: cash.id } })).totalSatang;
    expect(await refusal(recordCashPayment(db, { bookingId: cash.id, amountSatang: due }, actor))).toBeInstanceOf(NoUnitFree);
    const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: cash.id } });
    expect(await refusal(recordCounterPayment(db, { invoiceId: invoice.id, method: 'cash', amountSatang: due }, actor))).toBeInstanceOf(NoUnitFree);
    expect(await db.booking.findUniqueOrThrow({ where: { id: cash.id } })).toMatchObject({ status: 'reserved', paymentStatus: 'pending_arrival' });
    expect(await db.payment.count({ where: { bookingId: cash.id, status: 'paid' } })).toBe(0);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('open');

    // The alert: an audit row per refusal, an email to staff, the badge, and Today's item.
    expect(await db.auditLog.count({ where: { action: 'booking.confirm_refused_no_unit', entityId: { in: [transfer.id, cash.id] } } })).toBe(3);
    expect(await db.emailMessage.count({ where: { template: 'staff_no_unit_free', subject: { contains: transfer.reference } } })).toBeGreaterThan(0);
    expect((await alertCounts(db, TEST_NOW)).counts.no_unit_free).toBeGreaterThanOrEqual(2);
    const { items } = await todayItems(db, TEST_NOW);
    for (const b of [transfer, cash]) expect(items.find((i) => i.reference === b.reference && i.kind === 'noUnit')).toMatchObject({ next: 'freeUnitOrCancel', text: 'waiting' });

    // Once a unit of the type is free again, the same verify goes through and takes it.
    const freed = await db.unit.findFirstOrThrow({ where: { unitType: { code: 'm6' }, status: 'maintenance', currentBookingId: null, retiredAt: null } });
    await asFixture(() => db.unit.update({ where: { id: freed.id }, data: { status: 'available' } }));
    await verifyPayment(db, { bookingId: transfer.id }, actor);
    expect(await db.booking.findUniqueOrThrow({ where: { id: transfer.id } })).toMatchObject({ status: 'confirmed', unitId: freed.id });
  }, 120_000);

  it('a transfer the bank confirmed by itself with no unit free: the customer (Russian) is promised a unit or a refund within the stated hours; staff cannot confirm it without a unit', async () => {
    await leaveFree('m1', 1);
    const transfer = await book('m1', 'bank_transfer', 'ivan', 'ru');
    const card = await book('m1', 'card', 'paid-first');
    expect(await payByCard(card.id)).toBe(200);
    // What the slip provider's check does (lib/payments/slip-verify.ts): no staff member, the money is on record.
    const paymentId = transfer.payments[0].id;
    const settled = await db.$transaction((tx) => settlePayment(tx, paymentId, { now: TEST_NOW, actor: null, action: 'verify' }));
    expect(settled).toMatchObject({ status: 'settled', noUnit: true, confirmedBooking: false });
    await afterSettle(db, settled);
    expect(await db.booking.findUniqueOrThrow({ where: { id: transfer.id } })).toMatchObject({ status: 'reserved', paymentStatus: 'paid', unitId: null });
    expect((await getBookingForSuccessPage(db, transfer.id, transfer.reference, 'ru', successToken(transfer.reference)))?.noUnit).toBe('staff');
    const mail = await db.emailMessage.findFirstOrThrow({ where: { template: 'booking_paid_no_unit', bookingId: transfer.id } });
    expect(mail.subject).toBe(`Ваш платёж за ${transfer.reference}: свободных боксов не осталось`);
    expect(mail.text).toContain(`В течение ${NO_UNIT_DECISION_HOURS} ч.`);
    const item = (await todayItems(db, TEST_NOW)).items.find((i) => i.reference === transfer.reference);
    expect(item).toMatchObject({ kind: 'noUnit', next: 'assignOrRefund', text: 'staff' });
    expect(item?.dueAt?.getTime()).toBe(TEST_NOW.getTime() + NO_UNIT_DECISION_HOURS * 3600_000);

    // Staff's "confirm" needs a unit too: refused while none is free.
    expect(await refusal(confirmBooking(db, { bookingId: transfer.id }, actor))).toBeInstanceOf(NoUnitFree);
    expect(await db.booking.findUniqueOrThrow({ where: { id: transfer.id } })).toMatchObject({ status: 'reserved', unitId: null });
  }, 120_000);
});

describe('a booking accepted on the reserve is told that no unit is held for it, in its language', () => {
  const mailOf = (bookingId: string) => db.emailMessage.findFirstOrThrow({ where: { template: 'booking_confirmation', bookingId } });
  const page = (b: { id: string; reference: string }, locale: 'en' | 'th' | 'ru') => getBookingForSuccessPage(db, b.id, b.reference, locale, successToken(b.reference));

  it('transfer (Thai), cash (Russian) and card (English): the success page and the confirmation say what happens; a booking with a unit is not told so', async () => {
    await leaveFree('s', 2);
    // Two free: the first takes one; then only the reserve is left, and the next three hold none.
    const held = await book('s', 'bank_transfer', 'held-th', 'th');
    const transfer = await book('s', 'bank_transfer', 'reserve-th', 'th');
    const cash = await book('s', 'cash', 'reserve-ru', 'ru');
    const card = await book('s', 'card', 'reserve-en');
    expect(held.unitId).not.toBeNull();
    expect([transfer.unitId, cash.unitId, card.unitId]).toEqual([null, null, null]);

    expect((await page(held, 'th'))?.onReserve).toBeNull();
    expect((await page(transfer, 'th'))?.onReserve).toBe('checked');
    expect((await page(cash, 'ru'))?.onReserve).toBe('counter');
    expect((await page(card, 'en'))?.onReserve).toBe('automatic');

    for (const b of [held, transfer, cash]) await sendBookingConfirmation(db, b.id);
    // Thai transfer on the reserve: the notice with the amount, no "we hold a unit for you" anywhere.
    const th = (await mailOf(transfer.id)).text;
    const thAmount = formatTHB(transfer.totalDueToday, 'th');
    expect(th).toContain('ยังไม่มีห้องที่กันไว้ให้คุณ');
    const sName = unitTypeName(await db.unitType.findUniqueOrThrow({ where: { code: 's' } }), 'th');
    expect(th).toContain(`หากยังมีห้อง ${sName} ว่างเมื่อเราตรวจสอบการชำระเงิน ${thAmount} ของคุณ`);
    expect(th).toContain(`เราจะติดต่อคุณและคืนเงิน ${thAmount} เต็มจำนวน`);
    expect(th).toContain('การจองนี้เปิดไว้ถึง');
    expect(th).not.toContain('เราจองห้องไว้ให้คุณถึง');
    expect(th).not.toContain('เราได้จองห้องเก็บของไว้ให้คุณแล้ว');
    expect(th).not.toContain('เราก็ยังกันยูนิตไว้ให้คุณ');
    // Russian cash on the reserve: nothing is taken at the counter if no unit is left.
    const ru = (await mailOf(cash.id)).text;
    expect(ru).toContain('БОКС ЗА ВАМИ ПОКА НЕ ЗАКРЕПЛЁН'); // headings are upper-cased in the text part
    expect(ru).toContain(`Когда вы придёте оплатить ${formatTHB(cash.totalDueToday, 'ru')}`);
    expect(ru).toContain('вы ничего не платите');
    expect(ru).not.toContain('Бокс закреплён за вами до');
    expect(ru).not.toContain('Мы закрепили за вами бокс');
    // The "your hold ends" reminder (sent only to a confirmed address) says the same: no unit is held yet.
    await asFixture(() => db.booking.update({ where: { id: transfer.id }, data: { holdConfirmedAt: TEST_NOW } }));
    await sendHoldExpiring(db, transfer.id);
    const reminder = await db.emailMessage.findFirstOrThrow({ where: { template: 'hold_expiring', bookingId: transfer.id } });
    expect(reminder.subject.startsWith(`การจอง ${transfer.reference} จะสิ้นสุด`)).toBe(true);
    expect(reminder.text).toContain('ขณะนี้ยังไม่มีห้องที่กันไว้สำหรับการจองนี้');
    expect(reminder.text).toContain(`เราจะติดต่อคุณและคืนเงิน ${thAmount} เต็มจำนวน`);
    expect(reminder.text).not.toContain('เราเก็บห้องสำหรับการจอง');
    // The booking that holds a unit keeps its usual words and no notice.
    const heldMail = (await mailOf(held.id)).text;
    expect(heldMail).toContain('เราจองห้องไว้ให้คุณถึง');
    expect(heldMail).not.toContain('ยังไม่มีห้องที่กันไว้ให้คุณ');

    // The card payment completes first and takes the last unit: that booking is confirmed, the others still wait.
    expect(await payByCard(card.id)).toBe(200);
    expect(await page(card, 'en')).toMatchObject({ status: 'confirmed', onReserve: null, noUnit: null });
    expect((await page(transfer, 'th'))?.onReserve).toBe('checked');

    // Its hold lapses with nothing sent: the email does not say a unit was released, since none was held.
    await releaseExpiredHolds(db, new Date(TEST_NOW.getTime() + 3 * 86_400_000));
    expect(await db.booking.findUniqueOrThrow({ where: { id: transfer.id } })).toMatchObject({ status: 'expired', unitId: null });
    await sendHoldExpired(db, transfer.id);
    const expired = (await db.emailMessage.findFirstOrThrow({ where: { template: 'hold_expired', bookingId: transfer.id } })).text;
    expect(expired).toContain('การจองจึงสิ้นสุดลง โดยไม่มีห้อง');
    expect(expired).not.toContain('จึงถูกปล่อยคืน');
  }, 120_000);

  it('the Thai notice names the unit type and the refund days for a card booking, from the same values as the page', async () => {
    await leaveFree('l', 1);
    const card = await book('l', 'card', 'reserve-card-th', 'th');
    expect(card.unitId).toBeNull();
    // The card's confirmation is the Stripe-paid one; before payment its email is the same composition.
    await sendBookingConfirmation(db, card.id);
    const text = (await mailOf(card.id)).text;
    expect(text).toContain(`เราจะคืนเงิน ${formatTHB(card.totalDueToday, 'th')} เต็มจำนวนทันที โดยปกติจะเห็นยอดคืนภายใน ${REFUND_ARRIVAL_DAYS} วัน`);
    expect(text).not.toContain('การจองนี้เปิดไว้ถึง');
  }, 60_000);
});

describe('a part payment taken by staff for a booking on the reserve', () => {
  it('is refused with nothing written while no unit of its type is free, and takes a free unit once one is', async () => {
    await leaveFree('m', 1);
    const cash = await book('m', 'cash', 'part-cash');
    const card = await book('m', 'card', 'part-card-first');
    expect([cash.unitId, card.unitId]).toEqual([null, null]);
    expect(await payByCard(card.id)).toBe(200);
    expect(await freeUnits('m')).toBe(0);

    const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: cash.id } });
    const part = Math.floor(invoice.totalSatang / 2);
    expect(await refusal(recordCounterPayment(db, { invoiceId: invoice.id, method: 'cash', amountSatang: part }, actor))).toBeInstanceOf(NoUnitFree);
    expect(await db.payment.count({ where: { bookingId: cash.id, status: 'paid' } })).toBe(0);
    expect(await db.booking.findUniqueOrThrow({ where: { id: cash.id } })).toMatchObject({ status: 'reserved', unitId: null });
    expect(await db.auditLog.count({ where: { action: 'booking.confirm_refused_no_unit', entityId: cash.id } })).toBe(1);

    const freed = await db.unit.findFirstOrThrow({ where: { unitType: { code: 'm' }, status: 'maintenance', currentBookingId: null, retiredAt: null } });
    await asFixture(() => db.unit.update({ where: { id: freed.id }, data: { status: 'available' } }));
    await recordCounterPayment(db, { invoiceId: invoice.id, method: 'cash', amountSatang: part }, actor);
    // The money taken holds the unit for the rest; the booking is confirmed once the invoice is paid in full.
    expect(await db.booking.findUniqueOrThrow({ where: { id: cash.id } })).toMatchObject({ status: 'reserved', unitId: freed.id });
    expect((await page2(cash))?.onReserve).toBeNull();
    await recordCounterPayment(db, { invoiceId: invoice.id, method: 'cash', amountSatang: invoice.totalSatang - part }, actor);
    expect(await db.booking.findUniqueOrThrow({ where: { id: cash.id } })).toMatchObject({ status: 'confirmed', unitId: freed.id });
  }, 120_000);
  const page2 = (b: { id: string; reference: string }) => getBookingForSuccessPage(db, b.id, b.reference, 'en', successToken(b.reference));
});
