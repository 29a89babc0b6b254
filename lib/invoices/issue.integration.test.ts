// What issuing an invoice freezes into the tax document (docs/product-rules.md#invoices-billing-and-delinquency):
// the INV number of the Bangkok year, the seller and buyer as they were that day, and the dedupe key that keeps one
// period or fee from being invoiced twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { issueInvoice } from './issue';

const { db, close } = openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'issue-invoice-'));
beforeAll(() => setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp }));
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const line = { kind: 'fee' as const, description: 'Cleaning fee', quantity: 1, unitSatang: 53_500, amountSatang: 53_500 };

async function booking(draft = completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' })) {
  const r = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  return r.bookingId;
}

describe('issuing an invoice', () => {
  it('numbers it INV-<Bangkok year>-n and freezes the seller and a business buyer as they are that day', async () => {
    const bookingId = await booking(example2({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' }));
    // 31 Dec 2026, 18:00 UTC is already 1 Jan 2027 in Bangkok: the 2027 series.
    const invoice = await db.$transaction((tx) => issueInvoice(tx, { bookingId, kind: 'fee', lines: [line], vatSatang: 3_500, issuedAt: new Date('2026-12-31T18:00:00Z'), dueAt: null }));
    expect(invoice.number).toMatch(/^INV-2027-\d{6}$/);
    expect(invoice.seller).toMatchObject({ legalName: 'Phuket Self Storage Co., Ltd.', taxId: '0835561012340', branch: '00000' });
    expect(invoice.buyer).toMatchObject({ type: 'business', name: 'Example Co., Ltd.', contactName: 'Somchai Business', branch: '00000' });

    // The customer's later change of address leaves the issued document as it was.
    const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    await db.customer.update({ where: { id: b.customerId }, data: { address: 'Moved away' } });
    const stored = await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(stored.buyer).toEqual(invoice.buyer);
    expect((stored.buyer as { address: string }).address).toBe('99 Moo 1, Cherngtalay, Phuket');
  });

  it('refuses a second invoice under the same dedupe key, leaving one', async () => {
    const bookingId = await booking();
    const issue = () => db.$transaction((tx) => issueInvoice(tx, { bookingId, kind: 'fee', lines: [line], vatSatang: 3_500, issuedAt: TEST_NOW, dueAt: null, dedupeKey: `fee:${bookingId}:cleaning` }));
    const first = await issue();
    expect(first.dedupeKey).toBe(`fee:${bookingId}:cleaning`);
    await expect(issue()).rejects.toThrow();
    expect(await db.invoice.count({ where: { bookingId, kind: 'fee' } })).toBe(1);
    // Without a key, every call is a new invoice.
    await db.$transaction((tx) => issueInvoice(tx, { bookingId, kind: 'fee', lines: [line], vatSatang: 3_500, issuedAt: TEST_NOW, dueAt: null }));
    expect(await db.invoice.count({ where: { bookingId, kind: 'fee' } })).toBe(2);
  });
});
