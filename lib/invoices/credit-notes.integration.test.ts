// VAT on a staff-issued invoice and on credit notes, at fractions that round differently (.49, .50, .51 of a baht):
// the invoice's VAT is 7/107 of its total, a credit note's VAT the same share of the invoice's VAT as its amount is of
// the total, each rounded half-up to a whole baht (docs/product-rules.md#money-and-pricing-one-routine-server-side).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb, postgresTestUrl } from '@/test/db';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { vatIncludedIn } from '@/lib/pricing/renewal';
import { issueInvoice } from './issue';
import { issueCreditNote } from './credit-notes';

const { db, close } = await openTestDb();
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

describe('what a credit note carries onto the tax document', () => {
  it('copies the seller and the invoice’s buyer, names the payment and the provider’s refund, and is audited', async () => {
    // A business customer: the buyer block (company, tax ID, branch) is what the Revenue Department reads.
    const r = await createBooking(db, example2({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error('booking failed');
    const invoice = await feeInvoice(r.bookingId, B(535), 'cn-copy:invoice');
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    const { note } = await db.$transaction((tx) =>
      issueCreditNote(tx, { invoiceId: invoice.id, paymentId: payment.id, providerRefundId: 're_copy_1', amountSatang: B(107), reason: 'card refund', dedupeKey: 'refund:re_copy_1', issuedAt: TEST_NOW }),
    );
    expect(note).toMatchObject({ paymentId: payment.id, providerRefundId: 're_copy_1', invoiceId: invoice.id, amountSatang: B(107), vatSatang: B(7) });
    expect(note!.number).toMatch(/^CN-2026-\d{6}$/);
    expect(note!.seller).toMatchObject({ legalName: 'Phuket Self Storage Co., Ltd.', taxId: '0835561012340', branch: '00000' });
    expect(note!.buyer).toEqual(invoice.buyer);
    expect(note!.buyer).toMatchObject({ type: 'business', name: 'Example Co., Ltd.', branch: '00000' });
    const audit = await db.auditLog.findFirstOrThrow({ where: { entityId: invoice.id, action: 'credit_note.issue' } });
    expect(audit).toMatchObject({ entity: 'invoice', actorId: null });
    expect((audit.data as { after: unknown }).after).toMatchObject({ creditNote: note!.number, amountSatang: B(107), reason: 'card refund' });

    // A correction with no payment and no provider refund carries neither.
    const { note: correction } = await db.$transaction((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountSatang: B(10), reason: 'typo', dedupeKey: 'cn-copy:typo', issuedAt: TEST_NOW }));
    expect(correction).toMatchObject({ paymentId: null, providerRefundId: null });
  });
});

// Real PostgreSQL (TEST_DATABASE_URL): PGlite's single connection would serialise the two credits and prove nothing.
const url = postgresTestUrl();
describe.skipIf(!url)('two credits of one invoice at the same time on PostgreSQL', () => {
  let pg: Db;
  let closePg: () => Promise<void>;
  beforeAll(() => {
    ({ db: pg, close: closePg } = createPrismaClient({ kind: 'postgres', url: url! }));
  });
  afterAll(() => closePg?.());

  it('never credit more than the invoice: the second waits for the first and gets only the rest', async () => {
    const r = await createBooking(pg, completeDraft({ unitTypeCode: 's', paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error('booking failed');
    const invoice = await pg.$transaction((tx) =>
      issueInvoice(tx, { bookingId: r.bookingId, kind: 'fee', lines: [{ kind: 'fee', description: 'Cleaning', quantity: 1, unitSatang: B(1_000), amountSatang: B(1_000) }], vatSatang: vatIncludedIn(B(1_000)), issuedAt: TEST_NOW, dueAt: TEST_NOW }),
    );
    const credit = (key: string) => (tx: Parameters<Parameters<Db['$transaction']>[0]>[0]) => issueCreditNote(tx, { invoiceId: invoice.id, amountSatang: B(700), reason: 'refund', dedupeKey: `cn-race:${invoice.id}:${key}`, issuedAt: TEST_NOW });
    // The first credit is written and its transaction held open; the second starts meanwhile on another connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstWritten!: () => void;
    const written = new Promise<void>((resolve) => (firstWritten = resolve));
    const first = pg.$transaction(async (tx) => {
      const out = await credit('a')(tx);
      firstWritten();
      await held;
      return out;
    }, { timeout: 30_000 });
    await written;
    const second = pg.$transaction((tx) => credit('b')(tx), { maxWait: 20_000, timeout: 30_000 });
    // The first lets go once the second is blocked on its lock (PostgreSQL shows it waiting for a Lock).
    await vi.waitFor(
      async () => {
        const [{ n }] = await pg.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        expect(n).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 20 },
    );
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.note?.amountSatang).toBe(B(700));
    expect(b.note?.amountSatang).toBe(B(300));
    const notes = await pg.creditNote.findMany({ where: { invoiceId: invoice.id } });
    expect(notes.reduce((s, n) => s + n.amountSatang, 0)).toBe(B(1_000));
  });
});
