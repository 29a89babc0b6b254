// A customer's transfer with its slip (docs/product-rules.md#lifecycle): the slip attached to the payment staff will
// check, once; the same slip again attaches nothing new, and for another invoice it is kept and flagged; another
// customer's slip is refused; an unknown upload is refused with nothing written. The plain "I have paid" cases without
// a file are in lib/invoices/settlement.
import { waitsForStaff } from '@/lib/holds/rules';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { uniqueSlip } from '@/test/fixtures/files';
import { storePendingProof } from '@/lib/payments/proofs/proof-store';
import { issueInvoice } from '@/lib/invoices/issue';
import { recordOfflinePayment } from './offline-payments';
import { paymentsQueueView } from '@/lib/admin/payments-queue-view';
import { rejectStaffPayment } from './staff-payments';

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-offline-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined });
  // Units of this file's own, so the type never runs down to its last one.
  const s = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  await db.unit.createMany({ data: Array.from({ length: 20 }, (_, i) => ({ number: `S-O${i}`, unitTypeId: s.id, status: 'available' as const })) });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const LATER = new Date(TEST_NOW.getTime() + 60 * 60 * 1000);

/** A reserved bank-transfer booking whose customer has not sent anything yet: its first invoice open. */
async function transferBooking() {
  const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }), {
    locale: 'en',
    now: TEST_NOW,
    stripe: null,
    sendEmails: false,
  });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId, kind: 'initial' } });
  return { bookingId: r.bookingId, invoice };
}

async function upload(bytes?: Uint8Array) {
  const stored = await storePendingProof(db, bytes ?? (await uniqueSlip()), 'slip.png');
  if (!stored.ok) throw new Error('upload refused');
  return { id: stored.proof.id, bytes: bytes ?? null };
}

describe("a customer's transfer with a slip", () => {
  it('attaches the slip to one payment waiting for staff, for what is due, and the booking shows the slip arrived', async () => {
    const { bookingId, invoice } = await transferBooking();
    const proof = await upload();
    const r = await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: proof.id, now: LATER });
    expect(r).toMatchObject({ ok: true, status: 'proof_uploaded' });
    const paymentId = (r as { paymentId: string }).paymentId;
    const payment = await db.payment.findUniqueOrThrow({ where: { id: paymentId }, include: { proofs: true } });
    expect(payment).toMatchObject({ status: 'proof_uploaded', method: 'bank_transfer', amountSatang: invoice.totalSatang, invoiceId: invoice.id, bookingId });
    expect(payment.proofs).toHaveLength(1);
    expect(payment.proofs[0]).toMatchObject({ fileName: 'slip.png', mimeType: 'image/png', bookingId });
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).paymentStatus).toBe('proof_uploaded');
    // Staff are told there is a slip to check (docs/product-rules.md#staff-alerts).
    expect(await db.emailMessage.count({ where: { template: 'staff_slip_to_check', dedupeKey: { contains: paymentId } } })).toBeGreaterThan(0);
    expect(await db.auditLog.findFirstOrThrow({ where: { entity: 'payment', entityId: paymentId, action: 'payment.proof_upload' } })).toMatchObject({
      data: { after: { invoice: invoice.number, method: 'bank_transfer', status: 'proof_uploaded' } },
    });
  });

  it("a slip for another invoice of a booking still on hold leaves the booking's own payment status to its first invoice", async () => {
    const { bookingId, invoice } = await transferBooking();
    const fee = await db.$transaction((tx) =>
      issueInvoice(tx, { bookingId, kind: 'fee', lines: [{ kind: 'fee', description: 'Fee', quantity: 1, unitSatang: 300_00, amountSatang: 300_00 }], vatSatang: 0, issuedAt: TEST_NOW, dueAt: null }),
    );
    expect(await recordOfflinePayment(db, { invoiceId: fee.id, method: 'bank_transfer', proofId: (await upload()).id, now: LATER })).toMatchObject({ ok: true, status: 'proof_uploaded' });
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).paymentStatus).toBe('pending_bank_transfer');
    expect(await db.payment.count({ where: { invoiceId: invoice.id, status: 'proof_uploaded' } })).toBe(0);
  });

  it('a slip on a hold leaves its end where it was: at the end the booking waits for staff instead of lapsing', async () => {
    const { bookingId, invoice } = await transferBooking();
    const shortly = new Date(LATER.getTime() + 30 * 60 * 1000);
    await db.booking.update({ where: { id: bookingId }, data: { holdConfirmedAt: TEST_NOW, holdExpiresAt: shortly } });
    expect(await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: (await upload()).id, now: LATER })).toMatchObject({ ok: true });
    const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect(b.holdExpiresAt!.getTime()).toBe(shortly.getTime());
    // docs/product-rules.md#holds: a booking whose slip was sent is never released silently.
    expect(b.paymentStatus).toBe('proof_uploaded');
    expect(waitsForStaff(b)).toBe(true);
  });

  it('a slip after "I have paid" moves that same payment to the slip, not a second payment', async () => {
    const { invoice } = await transferBooking();
    const told = await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: null, now: LATER });
    expect(told).toMatchObject({ ok: true, status: 'pending_bank_transfer' });
    const withSlip = await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: (await upload()).id, now: LATER });
    expect(withSlip).toEqual({ ok: true, paymentId: (told as { paymentId: string }).paymentId, status: 'proof_uploaded' });
    expect(await db.payment.count({ where: { invoiceId: invoice.id } })).toBe(1);
    expect(await db.paymentProof.count({ where: { paymentId: (told as { paymentId: string }).paymentId } })).toBe(1);
  });

  it('the same slip sent twice by the same booking is kept once', async () => {
    const { bookingId, invoice } = await transferBooking();
    const bytes = await uniqueSlip();
    const first = await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: (await upload(bytes)).id, now: LATER });
    const again = await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: (await upload(bytes)).id, now: LATER });
    expect(again).toEqual(first);
    expect(await db.paymentProof.count({ where: { bookingId } })).toBe(1);
  });

  it("last invoice's slip sent again for another invoice is kept on the new payment, and staff see it flagged with the earlier invoice", async () => {
    const { bookingId, invoice } = await transferBooking();
    const bytes = await uniqueSlip();
    await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: (await upload(bytes)).id, now: LATER });
    const fee = await db.$transaction((tx) =>
      issueInvoice(tx, { bookingId, kind: 'fee', lines: [{ kind: 'fee', description: 'Fee', quantity: 1, unitSatang: 300_00, amountSatang: 300_00 }], vatSatang: 0, issuedAt: TEST_NOW, dueAt: null }),
    );
    const again = await recordOfflinePayment(db, { invoiceId: fee.id, method: 'bank_transfer', proofId: (await upload(bytes)).id, now: LATER });
    expect(again).toMatchObject({ ok: true, status: 'proof_uploaded' });
    // Not a payment waiting with no slip: the file is on it, and beside it the payment it was first sent for.
    const proof = await db.paymentProof.findFirstOrThrow({ where: { paymentId: (again as { paymentId: string }).paymentId } });
    const queue = await paymentsQueueView(db);
    expect(queue.sameContent.get(proof.id)).toEqual([expect.objectContaining({ bookingId, invoiceNumber: invoice.number, sameCustomer: true, match: 'exact' })]);
    // A queue longer than its page says how many wait in all (these two at least).
    const short = await paymentsQueueView(db, 1);
    expect(short.payments).toHaveLength(1);
    expect(short.waiting).toBeGreaterThanOrEqual(2);
    // Sent a third time for the same fee invoice, from its PromptPay page: the payment already waiting, nothing new.
    const third = await recordOfflinePayment(db, { invoiceId: fee.id, method: 'promptpay', proofId: (await upload(bytes)).id, now: LATER });
    expect(third).toEqual(again);
    expect(await db.paymentProof.count({ where: { bookingId } })).toBe(2);
    expect(await db.payment.count({ where: { invoiceId: fee.id } })).toBe(1);
    // Rejected by staff and sent again: back in the queue with the file, flagged beside the rejected one.
    await rejectStaffPayment(db, { paymentId: (again as { paymentId: string }).paymentId, reason: 'No transfer of this amount arrived' }, { id: 'staff-1', email: 'staff@example.test' });
    const resent = await recordOfflinePayment(db, { invoiceId: fee.id, method: 'bank_transfer', proofId: (await upload(bytes)).id, now: LATER });
    expect(resent).toMatchObject({ ok: true, status: 'proof_uploaded' });
    const waiting = await db.paymentProof.findFirstOrThrow({ where: { paymentId: (resent as { paymentId: string }).paymentId, status: 'pending' } });
    expect((await paymentsQueueView(db)).sameContent.get(waiting.id)).toEqual(expect.arrayContaining([expect.objectContaining({ id: proof.id, status: 'rejected', invoiceNumber: fee.number })]));
  });

  it("another customer's slip is refused and nothing is written", async () => {
    const bytes = await uniqueSlip();
    const a = await transferBooking();
    expect(await recordOfflinePayment(db, { invoiceId: a.invoice.id, method: 'bank_transfer', proofId: (await upload(bytes)).id, now: LATER })).toMatchObject({ ok: true });
    const b = await transferBooking();
    const paymentsBefore = await db.payment.count({ where: { bookingId: b.bookingId } });
    expect(await recordOfflinePayment(db, { invoiceId: b.invoice.id, method: 'bank_transfer', proofId: (await upload(bytes)).id, now: LATER })).toEqual({ ok: false, error: 'proof_used' });
    expect(await db.payment.count({ where: { bookingId: b.bookingId } })).toBe(paymentsBefore);
    expect(await db.paymentProof.count({ where: { bookingId: b.bookingId } })).toBe(0);
    expect((await db.booking.findUniqueOrThrow({ where: { id: b.bookingId } })).paymentStatus).toBe('pending_bank_transfer');
  });

  it('an upload that does not exist is refused before anything is written', async () => {
    const { bookingId, invoice } = await transferBooking();
    const before = await db.payment.count({ where: { bookingId } });
    expect(await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: 'no-such-upload', now: LATER })).toEqual({ ok: false, error: 'invalid_proof' });
    expect(await db.payment.count({ where: { bookingId } })).toBe(before);
  });
});
