// Money in, followed through (docs/product-rules.md#lifecycle and #invoices-billing-and-delinquency): what settling a
// payment does to its invoice, its booking and a suspension, at the satang and the day on each side of each rule; what
// a failure, a credit note, a customer's transfer and a withholding certificate write.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { clearArrearsIfPaid, failPayment, settlePayment } from './settle';
import { issueInvoice } from '@/lib/invoices/issue';
import { issueCreditNote } from '@/lib/invoices/credit-notes';
import { recordOfflinePayment } from '@/lib/payments/offline-payments';
import { recordWithholdingCertificate } from '@/lib/invoices/withholding';
import { addDaysISO } from '@/lib/dates/bangkok';
import { asFixture } from '@/lib/db/status-writes';

let db: Db;
let close: () => Promise<void>;
let tmp: string;
let staff: { id: string; email: string };

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-settlement-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined });
  const admin = await db.user.findFirstOrThrow({ where: { role: 'admin' } });
  staff = { id: admin.id, email: admin.email };
  // Each booking here holds a unit: units of this file's own, so the type never runs down to its last one.
  const s = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  await db.unit.createMany({ data: Array.from({ length: 40 }, (_, i) => ({ number: `S-T${i}`, unitTypeId: s.id, status: 'available' as const })) });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const LATER = new Date('2026-11-22T08:00:00.000Z');


/** A reserved cash booking: its first invoice open, its payment waiting at the counter. */
async function cashBooking(o: Parameters<typeof completeDraft>[0] = {}) {
  const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'cash', paymentStatus: 'pending_arrival', ...o }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
  return { bookingId: r.bookingId, payment, invoiceId: payment.invoiceId! };
}

const settle = (paymentId: string, o: Partial<Parameters<typeof settlePayment>[2]> = {}) => db.$transaction((tx) => settlePayment(tx, paymentId, { now: LATER, ...o }));
const feeInvoice = (bookingId: string, amount: number, dueAt: Date | null = null, kind: 'fee' | 'renewal' = 'fee') =>
  db.$transaction((tx) => issueInvoice(tx, { bookingId, kind, lines: [{ kind: kind === 'fee' ? 'fee' : 'rent', description: 'Fee', quantity: 1, unitSatang: amount, amountSatang: amount }], vatSatang: 0, issuedAt: TEST_NOW, dueAt }));
const cashFor = (bookingId: string, invoiceId: string | null, amountSatang: number) => db.payment.create({ data: { bookingId, invoiceId, method: 'cash', status: 'pending_arrival', amountSatang } });

describe('settling a payment', () => {
  it('a payment that does not exist settles nothing', async () => {
    expect(await settle('no-such-payment')).toEqual({ status: 'not_found', paymentId: 'no-such-payment', invoiceId: null, bookingId: null, confirmedBooking: false, accessRestored: false, invoicePaid: false });
  });

  it('the first invoice paid in full: invoice paid, booking confirmed and no longer on hold; a second settle changes nothing', async () => {
    const { bookingId, payment, invoiceId } = await cashBooking();
    expect(await settle(payment.id, { actor: staff, providerPaymentId: 'pi_1', providerSessionId: 'cs_1' })).toEqual({ status: 'settled', paymentId: payment.id, invoiceId, bookingId, confirmedBooking: true, accessRestored: false, invoicePaid: true });
    expect(await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: 'paid', paidAt: LATER, failureMessage: null, providerPaymentId: 'pi_1', providerSessionId: 'cs_1' });
    expect(await db.invoice.findUniqueOrThrow({ where: { id: invoiceId } })).toMatchObject({ status: 'paid', paidAt: LATER });
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', confirmedAt: LATER, holdExpiresAt: null });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: payment.id, action: 'payment.settle' } })).toMatchObject({ actorId: staff.id, data: { after: { status: 'paid', amountSatang: payment.amountSatang, method: 'cash' } } });
    const audits = await db.auditLog.count();
    expect(await settle(payment.id)).toEqual({ status: 'already_paid', paymentId: payment.id, invoiceId, bookingId, confirmedBooking: false, accessRestored: false, invoicePaid: false });
    expect(await db.auditLog.count()).toBe(audits);
  });

  it('staff verification is its own move and keeps the provider ids it is not given', async () => {
    const { payment } = await cashBooking({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' });
    await db.payment.update({ where: { id: payment.id }, data: { providerPaymentId: 'kept', failureMessage: 'earlier try' } });
    expect((await settle(payment.id, { action: 'verify', actor: staff })).status).toBe('settled');
    expect(await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: 'paid', providerPaymentId: 'kept', failureMessage: null });
    expect(await db.auditLog.count({ where: { entityId: payment.id, action: 'payment.verify', actorId: staff.id } })).toBe(1);
  });

  it('a refunded payment is not settled again', async () => {
    const { payment } = await cashBooking();
    await asFixture(() => db.payment.update({ where: { id: payment.id }, data: { status: 'refunded' } }));
    expect((await settle(payment.id)).status).toBe('already_paid');
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('refunded');
  });

  it('a part payment leaves its invoice open for the rest (one satang short is still open); the last satang pays it', async () => {
    const { bookingId, payment } = await cashBooking();
    await settle(payment.id);
    const fee = await feeInvoice(bookingId, 250_00);
    const first = await cashFor(bookingId, fee.id, 249_99);
    expect(await settle(first.id)).toMatchObject({ status: 'settled', invoicePaid: false, confirmedBooking: false });
    expect((await db.invoice.findUniqueOrThrow({ where: { id: fee.id } })).status).toBe('open');
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: fee.id, action: 'invoice.payPart' } })).toMatchObject({ data: { after: { status: 'open', paymentId: first.id, paidSatang: 249_99, dueSatang: 1 } } });
    const last = await cashFor(bookingId, fee.id, 1);
    expect(await settle(last.id)).toMatchObject({ status: 'settled', invoicePaid: true });
    expect(await db.invoice.findUniqueOrThrow({ where: { id: fee.id } })).toMatchObject({ status: 'paid', paidAt: LATER });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: fee.id, action: 'invoice.pay' } })).toMatchObject({ data: { after: { status: 'paid', paymentId: last.id, paidSatang: 250_00 } } });
  });

  it('money for an invoice that is no longer open is recorded and flagged for staff, and the booking is left as it is', async () => {
    const { bookingId, payment, invoiceId } = await cashBooking();
    await settle(payment.id);
    const second = await cashFor(bookingId, invoiceId, payment.amountSatang);
    expect(await settle(second.id)).toMatchObject({ status: 'settled', invoicePaid: false, confirmedBooking: false });
    expect((await db.payment.findUniqueOrThrow({ where: { id: second.id } })).status).toBe('paid');
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: invoiceId, action: 'invoice.extra_payment' } })).toMatchObject({ data: { after: { paymentId: second.id, invoiceStatus: 'paid' }, note: 'needs staff attention: refund or credit' } });
    expect(await db.auditLog.count({ where: { entityId: bookingId, action: 'booking.paid_late' } })).toBe(0);
  });

  it('a fee invoice paid in full never confirms a booking on hold', async () => {
    const { bookingId } = await cashBooking();
    const fee = await feeInvoice(bookingId, 100_00);
    const p = await cashFor(bookingId, fee.id, 100_00);
    expect(await settle(p.id)).toMatchObject({ invoicePaid: true, confirmedBooking: false });
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ status: 'reserved', paymentStatus: 'pending_arrival' });
  });

  it('a payment without an invoice confirms its booking on hold', async () => {
    const { bookingId } = await cashBooking();
    const p = await cashFor(bookingId, null, 100_00);
    expect(await settle(p.id)).toMatchObject({ status: 'settled', invoiceId: null, confirmedBooking: true, invoicePaid: false });
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe('confirmed');
  });

  it('paid after the hold lapsed: the booking is marked paid, not revived, and staff are told', async () => {
    const { bookingId, payment } = await cashBooking();
    await asFixture(() => db.booking.update({ where: { id: bookingId }, data: { status: 'expired' } }));
    expect(await settle(payment.id)).toMatchObject({ status: 'settled', confirmedBooking: false, invoicePaid: true });
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ status: 'expired', paymentStatus: 'paid' });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: bookingId, action: 'booking.paid_late' } })).toMatchObject({ data: { after: { status: 'expired' }, note: 'needs staff attention' } });
    // Paid again (another method): the booking already says paid, nothing more to flag.
    const again = await cashFor(bookingId, null, 1_00);
    await settle(again.id);
    expect(await db.auditLog.count({ where: { entityId: bookingId, action: 'booking.paid_late' } })).toBe(1);
  });
});

describe('a suspension for arrears is lifted once nothing is overdue', () => {
  // 08:00 UTC on 22 November is 15:00 in Bangkok: the day began at 17:00 UTC on the 21st.
  const startOfToday = new Date('2026-11-21T17:00:00.000Z');

  async function suspendedWith(dueAt: Date, o: { overlocked?: boolean; kind?: 'fee' | 'renewal' } = {}) {
    const { bookingId, payment } = await cashBooking();
    await settle(payment.id);
    await asFixture(() => db.booking.update({ where: { id: bookingId }, data: { delinquency: o.overlocked ? 'overlocked' : 'suspended', accessSuspendedAt: TEST_NOW, overlockedAt: o.overlocked ? TEST_NOW : null } }));
    const fee = await feeInvoice(bookingId, 100_00, dueAt, o.kind);
    return { bookingId, fee };
  }

  it('an open invoice due before today (by a millisecond) keeps it; rent due today does not, a fee charged today does', async () => {
    const late = await suspendedWith(new Date(startOfToday.getTime() - 1), { kind: 'renewal' });
    expect(await db.$transaction((tx) => clearArrearsIfPaid(tx, late.bookingId, LATER))).toBe(false);
    expect((await db.booking.findUniqueOrThrow({ where: { id: late.bookingId } })).delinquency).toBe('suspended');

    // The late fee is due the day it is charged and is part of what restores access (docs/product-rules.md#the-rentals-state-and-what-restores-access).
    const feeToday = await suspendedWith(startOfToday);
    expect(await db.$transaction((tx) => clearArrearsIfPaid(tx, feeToday.bookingId, LATER))).toBe(false);

    const today = await suspendedWith(startOfToday, { kind: 'renewal' });
    expect(await db.$transaction((tx) => clearArrearsIfPaid(tx, today.bookingId, LATER, staff))).toBe(true);
    expect(await db.booking.findUniqueOrThrow({ where: { id: today.bookingId } })).toMatchObject({ delinquency: 'current', accessSuspendedAt: null, overlockedAt: null });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: today.bookingId, action: 'delinquency.restore' } })).toMatchObject({ actorId: staff.id, data: { note: 'arrears paid' } });
  });

  it('paying the overdue invoice restores access and says the overlock comes off', async () => {
    const { bookingId, fee } = await suspendedWith(new Date(startOfToday.getTime() - 1), { overlocked: true });
    const p = await cashFor(bookingId, fee.id, 100_00);
    expect(await settle(p.id)).toMatchObject({ invoicePaid: true, accessRestored: true });
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ delinquency: 'current', accessSuspendedAt: null, overlockedAt: null });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: bookingId, action: 'delinquency.restore' } })).toMatchObject({ actorId: null, data: { note: 'arrears paid: remove the overlock' } });
  });

  it('a default is left to staff, and a current rental has nothing to restore', async () => {
    const { bookingId } = await suspendedWith(startOfToday, { kind: 'renewal' });
    await asFixture(() => db.booking.update({ where: { id: bookingId }, data: { delinquency: 'defaulted' } }));
    expect(await db.$transaction((tx) => clearArrearsIfPaid(tx, bookingId, LATER))).toBe(false);
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).delinquency).toBe('defaulted');
    await asFixture(() => db.booking.update({ where: { id: bookingId }, data: { delinquency: 'current' } }));
    const audits = await db.auditLog.count();
    expect(await db.$transaction((tx) => clearArrearsIfPaid(tx, bookingId, LATER))).toBe(false);
    expect(await db.auditLog.count()).toBe(audits);
  });
});

describe('a failed attempt', () => {
  it('is recorded once with its reason (cut at 500 characters); a paid payment is never failed', async () => {
    const { payment } = await cashBooking();
    expect(await db.$transaction((tx) => failPayment(tx, payment.id, { status: 'failed', message: 'x'.repeat(600) }))).toBe(true);
    expect(await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ status: 'failed', failureMessage: 'x'.repeat(500) });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: payment.id, action: 'payment.fail' } })).toMatchObject({ data: { before: { status: 'pending_arrival' }, after: { status: 'failed', message: 'x'.repeat(600) } } });
    for (const status of ['failed', 'expired', 'cancelled'] as const) expect(await db.$transaction((tx) => failPayment(tx, payment.id, { status }))).toBe(false);
    expect(await db.auditLog.count({ where: { entityId: payment.id } })).toBe(1);

    const other = await cashBooking();
    expect(await db.$transaction((tx) => failPayment(tx, other.payment.id, { status: 'cancelled' }))).toBe(true);
    expect(await db.payment.findUniqueOrThrow({ where: { id: other.payment.id } })).toMatchObject({ status: 'cancelled', failureMessage: null });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: other.payment.id, action: 'payment.cancel' } })).toMatchObject({ data: { after: { status: 'cancelled', message: null } } });

    const paid = await cashBooking();
    await settle(paid.payment.id);
    expect(await db.$transaction((tx) => failPayment(tx, paid.payment.id, { status: 'expired' }))).toBe(false);
    expect((await db.payment.findUniqueOrThrow({ where: { id: paid.payment.id } })).status).toBe('paid');
  });
});

describe('credit notes', () => {
  it('credit what the invoice still holds, VAT in proportion rounded half up to the baht, one note per key', async () => {
    const { bookingId } = await cashBooking();
    // 107.00 baht with 7.00 VAT: a credit of 53.50 holds 3.50 baht of VAT, rounded half up to 4.
    const invoice = await db.$transaction((tx) => issueInvoice(tx, { bookingId, kind: 'fee', lines: [{ kind: 'fee', description: 'Fee', quantity: 1, unitSatang: 107_00, amountSatang: 107_00 }], vatSatang: 7_00, issuedAt: TEST_NOW, dueAt: null }));
    const credit = (amountSatang: number, dedupeKey: string, extra: object = {}) => db.$transaction((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountSatang, reason: 'goodwill', dedupeKey, issuedAt: LATER, ...extra }));
    const half = await credit(53_50, 'k1');
    expect(half.created).toBe(true);
    expect(half.note).toMatchObject({ amountSatang: 53_50, vatSatang: 4_00, invoiceId: invoice.id, paymentId: null, providerRefundId: null, reason: 'goodwill', number: expect.stringMatching(/^CN-2026-\d{6}$/) });
    expect(await credit(53_50, 'k1')).toEqual({ note: half.note, created: false });
    expect((await credit(1_00, 'k2', { vatSatang: 5_00, reason: 'r'.repeat(600) })).note).toMatchObject({ amountSatang: 1_00, vatSatang: 1_00, reason: 'r'.repeat(500) });
    expect((await credit(1_00, 'k3', { vatSatang: -5 })).note).toMatchObject({ vatSatang: 0 });
    // 107.00 − 53.50 − 1.00 − 1.00 = 51.50 left: a larger credit is cut to it (VAT 3.37 baht, rounded to 3).
    expect((await credit(100_00, 'k4')).note).toMatchObject({ amountSatang: 51_50, vatSatang: 3_00 });
    expect(await credit(1, 'k5')).toEqual({ note: null, created: false });
    await expect(credit(0, 'k6')).rejects.toThrow('credit must be positive satang');
    await expect(credit(1.5, 'k7')).rejects.toThrow('credit must be positive satang');
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: invoice.id, action: 'credit_note.issue' }, orderBy: { createdAt: 'asc' } })).toMatchObject({ data: { after: { creditNote: half.note!.number, amountSatang: 53_50, reason: 'goodwill' } } });
  });

  it('VAT a hair under half a baht rounds down, a hair over rounds up', async () => {
    const { bookingId } = await cashBooking();
    // 107.00 baht with 7.00 VAT: 53.49 holds 3.4995 baht of VAT (3), the other 53.51 holds 3.5005 (4).
    const invoice = await db.$transaction((tx) => issueInvoice(tx, { bookingId, kind: 'fee', lines: [{ kind: 'fee', description: 'Fee', quantity: 1, unitSatang: 107_00, amountSatang: 107_00 }], vatSatang: 7_00, issuedAt: TEST_NOW, dueAt: null }));
    const credit = (amountSatang: number, dedupeKey: string) => db.$transaction((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountSatang, reason: 'x', dedupeKey, issuedAt: LATER }));
    expect((await credit(53_49, 'h1')).note?.vatSatang).toBe(3_00);
    expect((await credit(53_51, 'h2')).note?.vatSatang).toBe(4_00);
  });
});

describe("a customer's transfer, crypto or PromptPay for an open invoice", () => {
  it('waits for staff in the state its method says, for what is still due, once per method', async () => {
    const { bookingId, payment } = await cashBooking();
    await settle(payment.id);
    const fee = await feeInvoice(bookingId, 300_00);
    await settle((await cashFor(bookingId, fee.id, 100_00)).id);
    const transfer = await recordOfflinePayment(db, { invoiceId: fee.id, method: 'bank_transfer', proofId: null, now: LATER });
    expect(transfer).toMatchObject({ ok: true, status: 'pending_bank_transfer' });
    const row = await db.payment.findUniqueOrThrow({ where: { id: (transfer as { paymentId: string }).paymentId } });
    expect(row).toMatchObject({ amountSatang: 200_00, method: 'bank_transfer', provider: null, invoiceId: fee.id });
    // Told again: the same payment, not a second one.
    expect(await recordOfflinePayment(db, { invoiceId: fee.id, method: 'bank_transfer', proofId: null, now: LATER })).toEqual(transfer);
    expect(await recordOfflinePayment(db, { invoiceId: fee.id, method: 'crypto', proofId: null, now: LATER })).toMatchObject({ ok: true, status: 'crypto_payment_sent' });
    const qr = await recordOfflinePayment(db, { invoiceId: fee.id, method: 'promptpay', proofId: null, now: LATER });
    expect(qr).toMatchObject({ ok: true, status: 'awaiting_verification' });
    expect(await db.payment.findUniqueOrThrow({ where: { id: (qr as { paymentId: string }).paymentId } })).toMatchObject({ provider: 'promptpay_qr' });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: row.id, action: 'payment.customer_sent' } })).toMatchObject({ data: { after: { invoice: fee.number, method: 'bank_transfer', status: 'pending_bank_transfer' } } });
    // A fee invoice does not change the booking's own payment status.
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).paymentStatus).toBe('paid');
  });

  it("a booking's first invoice on hold: the booking shows the payment's status; a paid or missing invoice is refused", async () => {
    const { bookingId, invoiceId, payment } = await cashBooking();
    expect(await recordOfflinePayment(db, { invoiceId, method: 'crypto', proofId: null, now: LATER })).toMatchObject({ ok: true, status: 'crypto_payment_sent' });
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).paymentStatus).toBe('crypto_payment_sent');
    await settle(payment.id);
    expect(await recordOfflinePayment(db, { invoiceId, method: 'crypto', proofId: null, now: LATER })).toEqual({ ok: false, error: 'not_open' });
    expect(await recordOfflinePayment(db, { invoiceId: 'nope', method: 'crypto', proofId: null, now: LATER })).toEqual({ ok: false, error: 'not_open' });
    expect(await recordOfflinePayment(db, { invoiceId, method: 'crypto', proofId: 'not-a-proof', now: LATER })).toEqual({ ok: false, error: 'invalid_proof' });
  });
});

describe('withholding-tax certificates', () => {
  it('one per invoice that has a withholding line, trimmed, recorded by the staff member', async () => {
    const { bookingId, invoiceId } = await cashBooking();
    const input = { number: '  WHT-001 ', issuedOn: '2026-12-01', amountSatang: 50_00, note: '  ' };
    expect(await recordWithholdingCertificate(db, staff, { ...input, invoiceId: 'nope' })).toEqual({ ok: false, error: 'not_found' });
    expect(await recordWithholdingCertificate(db, staff, { ...input, invoiceId })).toEqual({ ok: false, error: 'no_withholding' });
    const withWht = await db.$transaction((tx) =>
      issueInvoice(tx, {
        bookingId,
        kind: 'fee',
        lines: [
          { kind: 'fee', description: 'Fee', quantity: 1, unitSatang: 1_000_00, amountSatang: 1_000_00 },
          { kind: 'withholding_tax', description: 'WHT', quantity: 1, unitSatang: -50_00, amountSatang: -50_00 },
        ],
        vatSatang: 0,
        issuedAt: TEST_NOW,
        dueAt: null,
      }),
    );
    const after = new Date('2026-12-02T03:00:00Z');
    // Dated tomorrow, or for an amount more than a baht off the invoice's withholding: refused, with what was withheld.
    expect(await recordWithholdingCertificate(db, staff, { ...input, invoiceId: withWht.id }, new Date('2026-11-30T03:00:00Z'))).toEqual({ ok: false, error: 'future_date' });
    expect(await recordWithholdingCertificate(db, staff, { ...input, amountSatang: 30_00, invoiceId: withWht.id }, after)).toEqual({ ok: false, error: 'amount_mismatch', withheldSatang: 50_00 });
    expect(await recordWithholdingCertificate(db, staff, { ...input, invoiceId: withWht.id }, after)).toEqual({ ok: true });
    expect(await db.withholdingCertificate.findUniqueOrThrow({ where: { invoiceId: withWht.id } })).toMatchObject({ number: 'WHT-001', issuedOn: new Date('2026-12-01T00:00:00.000Z'), amountSatang: 50_00, note: null, recordedById: staff.id, recordedByEmail: staff.email });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: withWht.id, action: 'invoice.withholding_certificate' } })).toMatchObject({ actorId: staff.id, data: { after: { certificate: 'WHT-001', issuedOn: '2026-12-01', amountSatang: 50_00 } } });
    expect(await recordWithholdingCertificate(db, staff, { ...input, invoiceId: withWht.id, note: ' kept ' }, after)).toEqual({ ok: false, error: 'already_recorded' });
  });
});

describe('settling: the first invoice in part, a voided one, prepayments and the gate', () => {
  it('a part payment of the first invoice leaves the booking on hold; the rest confirms it', async () => {
    const { bookingId, payment, invoiceId } = await cashBooking();
    const part = await cashFor(bookingId, invoiceId, 1_00);
    expect(await settle(part.id)).toMatchObject({ status: 'settled', invoicePaid: false, confirmedBooking: false });
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ status: 'reserved', paymentStatus: 'pending_arrival' });
    expect(await settle(payment.id)).toMatchObject({ invoicePaid: true, confirmedBooking: true });
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).status).toBe('confirmed');
  });

  it('money for a first invoice voided when its hold lapsed: recorded, the booking marked paid, both flagged for staff', async () => {
    const { bookingId, payment, invoiceId } = await cashBooking();
    await asFixture(() => db.booking.update({ where: { id: bookingId }, data: { status: 'expired', paymentStatus: 'expired' } }));
    await asFixture(() => db.invoice.update({ where: { id: invoiceId }, data: { status: 'void' } }));
    expect(await settle(payment.id)).toMatchObject({ status: 'settled', invoicePaid: false, confirmedBooking: false });
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({ status: 'expired', paymentStatus: 'paid' });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: invoiceId, action: 'invoice.extra_payment' } })).toMatchObject({ entity: 'invoice', data: { after: { paymentId: payment.id, invoiceStatus: 'void' } } });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: bookingId, action: 'booking.paid_late' } })).toMatchObject({ entity: 'booking', data: { after: { status: 'expired' } } });
  });

  it('a prepayment paid records the months paid ahead; a renewal for the same period records none', async () => {
    const ahead = async (kind: 'prepay' | 'renewal') => {
      const { bookingId, payment } = await cashBooking();
      await settle(payment.id);
      const start = (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).startDate.toISOString().slice(0, 10);
      // Paid through the day before the second anniversary of the move-in: 24 months.
      const periodEnd = addDaysISO(`${Number(start.slice(0, 4)) + 2}${start.slice(4)}`, -1);
      const invoice = await db.$transaction((tx) =>
        issueInvoice(tx, { bookingId, kind, lines: [{ kind: 'rent', description: 'Rent', quantity: 1, unitSatang: 10_000_00, amountSatang: 10_000_00 }], vatSatang: 654_21, issuedAt: TEST_NOW, dueAt: null, periodStart: start, periodEnd }),
      );
      expect(await settle((await cashFor(bookingId, invoice.id, 10_000_00)).id)).toMatchObject({ invoicePaid: true });
      return (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).paidThroughMonths;
    };
    expect(await ahead('prepay')).toBe(24);
    expect(await ahead('renewal')).toBeNull();
  });

  it('access restored for a booking with a gate PIN: the gate is told, and the audit keeps when it was cut off', async () => {
    const { bookingId, payment } = await cashBooking();
    await settle(payment.id);
    await asFixture(() => db.booking.update({ where: { id: bookingId }, data: { delinquency: 'suspended', accessSuspendedAt: TEST_NOW, gatePinCipher: 'cipher' } }));
    const fee = await feeInvoice(bookingId, 100_00, new Date('2026-11-01T00:00:00.000Z'));
    expect(await settle((await cashFor(bookingId, fee.id, 100_00)).id)).toMatchObject({ accessRestored: true });
    expect(await db.gateChange.findMany({ where: { bookingId }, select: { action: true } })).toEqual([{ action: 'restore' }]);
    expect(await db.auditLog.findFirstOrThrow({ where: { entityId: bookingId, action: 'delinquency.restore' } })).toMatchObject({ data: { before: { delinquency: 'suspended' }, after: { delinquency: 'current', accessSuspendedAt: TEST_NOW.toISOString(), overlockedAt: null } } });
  });
});
