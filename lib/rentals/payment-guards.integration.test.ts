// Staff payment actions refuse what would record the wrong money or revive a dead booking, and write nothing when
// they refuse (docs/product-rules.md "Booking lifecycle").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { releaseReservation } from '@/lib/booking/holds';
import { example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { book, rentalDraft } from '@/test/fixtures/rentals';
import { recordCashPayment, verifyPayment } from './commands';
import { RentalFailure } from './failure';
import { asFixture } from '@/lib/db/status-writes';

const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'payment-guards-'));
const actor = { id: 'staff-1', email: 'staff@example.test' };

beforeAll(() => setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp }));
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const refused = async (p: Promise<unknown>) => {
  const error = await p.then(() => null, (e: unknown) => e);
  return error instanceof RentalFailure ? error.code : `not refused (${String(error)})`;
};
const snapshot = async (id: string) => {
  const b = await db.booking.findUniqueOrThrow({ where: { id }, include: { payments: { orderBy: { createdAt: 'asc' } }, invoices: true } });
  return { status: b.status, paymentStatus: b.paymentStatus, payments: b.payments.map((p) => [p.method, p.status, p.amountSatang]), invoices: b.invoices.map((i) => i.status), audits: await db.auditLog.count({ where: { entityId: id } }) };
};

describe('cash at the counter must be exactly the amount due', () => {
  it('one satang more or less is refused and changes nothing; the exact amount pays the invoice', async () => {
    const id = await book(db, rentalDraft('m', 'cash'));
    const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: id, status: 'open' } });
    const before = await snapshot(id);
    for (const amountSatang of [invoice.totalSatang + 1, invoice.totalSatang + 100_000, invoice.totalSatang - 1]) {
      expect(await refused(recordCashPayment(db, { bookingId: id, amountSatang }, actor, TEST_NOW))).toBe('amount_mismatch');
    }
    expect(await snapshot(id)).toEqual(before);
    await recordCashPayment(db, { bookingId: id, amountSatang: invoice.totalSatang }, actor, TEST_NOW);
    const after = await snapshot(id);
    expect(after).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', invoices: ['paid'] });
    expect(after.payments).toContainEqual(['cash', 'paid', invoice.totalSatang]);
  });
});

describe('staff verify a slip only on a reserved booking waiting for it', () => {
  it('a bank transfer whose hold lapsed cannot be verified back to life', async () => {
    const id = await book(db, example2());
    expect((await snapshot(id)).paymentStatus).toBe('pending_bank_transfer');
    await db.$transaction((tx) => releaseReservation(tx, id, new Date(TEST_NOW.getTime() + 49 * 3600_000), 'expired'));
    const expired = await snapshot(id);
    expect(expired.status).toBe('expired');
    expect(await refused(verifyPayment(db, { bookingId: id }, actor, TEST_NOW))).toBe('not_allowed');
    expect(await snapshot(id)).toEqual(expired);
  });

  it('a cancelled booking with a slip waiting cannot be verified either', async () => {
    const id = await book(db, example2());
    await asFixture(() => db.booking.update({ where: { id }, data: { status: 'cancelled', paymentStatus: 'proof_uploaded' } }));
    const cancelled = await snapshot(id);
    expect(await refused(verifyPayment(db, { bookingId: id }, actor, TEST_NOW))).toBe('not_allowed');
    expect(await snapshot(id)).toEqual(cancelled);
  });
});
