// VAT on a staff-issued invoice and on credit notes, at fractions that round differently (.49, .50, .51 of a baht):
// the invoice's VAT is 7/107 of its total, a credit note's VAT the same share of the invoice's VAT as its amount is of
// the total, each rounded half-up to a whole baht (docs/product-rules.md#money-and-pricing-one-routine-server-side).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { vatIncludedIn } from '@/lib/pricing/renewal';
import { issueInvoice } from './issue';
import { issueCreditNote } from './credit-notes';

const { db, close } = openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'credit-notes-'));
beforeAll(() => setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp }));
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const B = (baht: number) => baht * 100;

async function feeInvoice(bookingId: string, amount: number, key: string) {
  return db.$transaction((tx) =>
    issueInvoice(tx, { bookingId, kind: 'fee', lines: [{ kind: 'fee', description: 'Cleaning', quantity: 1, unitSatang: amount, amountSatang: amount }], vatSatang: vatIncludedIn(amount), issuedAt: TEST_NOW, dueAt: TEST_NOW, dedupeKey: key }),
  );
}

describe('VAT on a staff-issued invoice and its credit notes', () => {
  it('rounds half-up at .4953, .5047 and .5140 of a baht', async () => {
    const r = await createBooking(db, completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error('booking failed');
    // 1,047 × 7/107 = 68.4953 → 68; 1,093 × 7/107 = 71.5047 → 72; 1,032 × 7/107 = 67.5140 → 68.
    expect((await feeInvoice(r.bookingId, B(1_047), 'cn-test:a')).vatSatang).toBe(B(68));
    const invoice = await feeInvoice(r.bookingId, B(1_093), 'cn-test:b');
    expect(invoice.vatSatang).toBe(B(72));
    expect((await feeInvoice(r.bookingId, B(1_032), 'cn-test:c')).vatSatang).toBe(B(68));

    // Credits on the 1,093 invoice (VAT 72): 129/1,093 × 72 = 8.4977 → 8; 114 → 7.5096 → 8; 190 → 12.5160 → 13.
    const credit = async (baht: number) => (await db.$transaction((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountSatang: B(baht), reason: 'goodwill', dedupeKey: `cn-test:${baht}`, issuedAt: TEST_NOW }))).note!;
    expect(await credit(129)).toMatchObject({ amountSatang: B(129), vatSatang: B(8) });
    expect(await credit(114)).toMatchObject({ amountSatang: B(114), vatSatang: B(8) });
    expect(await credit(190)).toMatchObject({ amountSatang: B(190), vatSatang: B(13) });
    // The rest of the invoice, and no more: 1,093 − 433 = 660 (VAT 43.4767 → 43).
    expect(await credit(5_000)).toMatchObject({ amountSatang: B(660), vatSatang: B(43) });
    expect(await db.$transaction((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountSatang: B(1), reason: 'more', dedupeKey: 'cn-test:over', issuedAt: TEST_NOW }))).toEqual({ note: null, created: false });
  });
});
