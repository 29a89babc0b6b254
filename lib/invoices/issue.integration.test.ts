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
import { InvoiceError, issueInvoice, issueInvoiceNumberedLast, issueInvoices } from './issue';
import type { Prisma } from '@/generated/prisma/client';
import { nextDocumentNumbers } from './numbering';
import { buyerSnapshot, sellerSnapshot } from './parties';

const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'issue-invoice-'));
beforeAll(async () => {
  setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp });
  // Units enough for every booking below (cash bookings may not take a type's last unit).
  for (const type of await db.unitType.findMany()) {
    await db.unit.createMany({ data: Array.from({ length: 10 }, (_, i) => ({ number: `IS-${type.code}-${i}`, unitTypeId: type.id, status: 'available' as const })) });
  }
});
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

describe('issuing an invoice whose number is taken last (a booking submit, issueInvoiceNumberedLast)', () => {
  const seq = (number: string) => Number(number.slice(-6));
  async function partiesOf(bookingId: string) {
    const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { customer: true } });
    return { seller: await sellerSnapshot(db), buyer: buyerSnapshot(b.customer) };
  }

  it('gets the next number of the series, and a rolled-back one gives its number back', async () => {
    const bookingId = await booking();
    const parties = await partiesOf(bookingId);
    const input = { bookingId, kind: 'fee' as const, lines: [line], vatSatang: 3_500, issuedAt: TEST_NOW, dueAt: null, parties };
    const first = await db.$transaction((tx) => issueInvoice(tx, input));
    // The caller's last statement takes the number (lib/booking/reserve.ts fuses it with the unit's pick).
    const numberLast = async (tx: Prisma.TransactionClient, invoice: Awaited<ReturnType<typeof issueInvoiceNumberedLast>>) => {
      // Its lines ride on one of the caller's statements (the payment's insert in a submit): here, the same one.
      const [row] = await tx.$queryRaw<{ numbered_invoices: number }[]>`WITH ${invoice.numbering.cte}, ${invoice.lines!} SELECT ${invoice.numbering.column}`;
      expect(row.numbered_invoices).toBe(1);
      return (await tx.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).number;
    };
    await expect(
      db.$transaction(async (tx) => {
        await numberLast(tx, await issueInvoiceNumberedLast(tx, input));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const numbered = await db.$transaction(async (tx) => {
      const invoice = await issueInvoiceNumberedLast(tx, input);
      return { id: invoice.id, number: await numberLast(tx, invoice) };
    });
    expect(numbered.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(seq(numbered.number)).toBe(seq(first.number) + 1);
    const stored = await db.invoice.findUniqueOrThrow({ where: { id: numbered.id }, include: { lines: true } });
    expect(stored).toMatchObject({ number: numbered.number, totalSatang: 53_500, vatSatang: 3_500, kind: 'fee' });
    expect(stored.lines.map((l) => l.amountSatang)).toEqual([53_500]);
  });

  it("leaves a booking's first invoice with its INV number, never the provisional one", async () => {
    const bookingId = await booking();
    const invoices = await db.invoice.findMany({ where: { bookingId } });
    expect(invoices).toHaveLength(1);
    expect(invoices[0].number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(await db.invoice.count({ where: { number: { startsWith: 'unnumbered:' } } })).toBe(0);
  });
});

describe('issuing many invoices in one transaction (the billing job, issueInvoices)', () => {
  const rent = { kind: 'rent' as const, description: 'Rent', quantity: 1, unitSatang: 300_000, amountSatang: 300_000 };
  const insurance = { kind: 'insurance' as const, description: 'Insurance', quantity: 1, unitSatang: 30_000, amountSatang: 30_000 };
  const wht = { kind: 'withholding_tax' as const, description: 'Withholding tax 5%', quantity: 1, unitSatang: -14_019, amountSatang: -14_019 };
  const seq = (number: string) => Number(number.slice(-6));

  async function partiesOf(bookingId: string) {
    const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { customer: true } });
    return { seller: await sellerSnapshot(db), buyer: buyerSnapshot(b.customer) };
  }
  const single = (bookingId: string, issuedAt = TEST_NOW) => db.$transaction((tx) => issueInvoice(tx, { bookingId, kind: 'fee', lines: [line], vatSatang: 3_500, issuedAt, dueAt: null }));

  it('numbers them consecutively in the order given and stores each with its own lines, amounts, period and parties', async () => {
    const [a, b] = [await booking(), await booking(example2({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' }))];
    const [pa, pb] = [await partiesOf(a), await partiesOf(b)];
    const before = await single(a);
    const due = new Date('2027-02-14T17:00:00Z');
    const issued = await db.$transaction((tx) =>
      issueInvoices(tx, [
        { bookingId: b, kind: 'renewal', lines: [rent, wht], vatSatang: 19_626, issuedAt: TEST_NOW, dueAt: due, periodStart: '2027-02-15', periodEnd: '2027-03-14', dedupeKey: `batch:${b}:1`, expectedTotal: 285_981, parties: pb },
        { bookingId: a, kind: 'renewal', lines: [rent, insurance], vatSatang: 21_589, issuedAt: TEST_NOW, dueAt: due, periodStart: '2027-02-15', periodEnd: '2027-03-14', dedupeKey: `batch:${a}:1`, parties: pa },
        { bookingId: a, kind: 'fee', lines: [line], vatSatang: 3_500, issuedAt: TEST_NOW, dueAt: null, dedupeKey: `batch:${a}:fee`, parties: pa },
      ]),
    );
    // Returned in the order given, numbered on from the last invoice, with no gap.
    expect(issued.map((i) => i.dedupeKey)).toEqual([`batch:${b}:1`, `batch:${a}:1`, `batch:${a}:fee`]);
    expect(issued.map((i) => seq(i.number))).toEqual([1, 2, 3].map((k) => seq(before.number) + k));
    expect(issued.every((i) => i.number.startsWith(before.number.slice(0, 9)))).toBe(true);
    expect(issued.map((i) => i.totalSatang)).toEqual([285_981, 330_000, 53_500]);

    const stored = await db.invoice.findMany({ where: { id: { in: issued.map((i) => i.id) } }, include: { lines: { orderBy: { position: 'asc' } } }, orderBy: { number: 'asc' } });
    expect(stored.map((i) => i.id)).toEqual(issued.map((i) => i.id));
    expect(stored[0]).toMatchObject({ bookingId: b, kind: 'renewal', status: 'open', issuedAt: TEST_NOW, dueAt: due, totalSatang: 285_981, vatSatang: 19_626, dedupeKey: `batch:${b}:1` });
    expect(stored[0].periodStart?.toISOString().slice(0, 10)).toBe('2027-02-15');
    expect(stored[0].periodEnd?.toISOString().slice(0, 10)).toBe('2027-03-14');
    expect(stored[0].buyer).toMatchObject({ type: 'business', name: 'Example Co., Ltd.' });
    expect(stored[0].seller).toMatchObject({ legalName: 'Phuket Self Storage Co., Ltd.', taxId: '0835561012340' });
    expect(stored[0].lines.map((l) => [l.position, l.kind, l.description, l.quantity, l.unitSatang, l.amountSatang])).toEqual([
      [0, 'rent', 'Rent', 1, 300_000, 300_000],
      [1, 'withholding_tax', 'Withholding tax 5%', 1, -14_019, -14_019],
    ]);
    expect(stored[1]).toMatchObject({ bookingId: a, kind: 'renewal', totalSatang: 330_000, vatSatang: 21_589, buyer: pa.buyer });
    expect(stored[1].lines.map((l) => [l.position, l.kind])).toEqual([[0, 'rent'], [1, 'insurance']]);
    expect(stored[2]).toMatchObject({ bookingId: a, kind: 'fee', dueAt: null, periodStart: null, periodEnd: null, totalSatang: 53_500 });
    expect(stored[2].lines).toHaveLength(1);

    // The next invoice issued one at a time follows the batch.
    expect(seq((await single(a)).number)).toBe(seq(before.number) + 4);
  });

  it('an empty batch issues nothing and takes no number', async () => {
    const a = await booking();
    const before = await single(a);
    expect(await db.$transaction((tx) => issueInvoices(tx, []))).toEqual([]);
    expect(seq((await single(a)).number)).toBe(seq(before.number) + 1);
  });

  it('one bad invoice, a total other than expected, a key used twice or two Bangkok years refuse the whole batch, and no number is lost', async () => {
    const a = await booking();
    const pa = await partiesOf(a);
    const before = await single(a);
    const ok = { bookingId: a, kind: 'renewal' as const, lines: [rent], vatSatang: 19_626, issuedAt: TEST_NOW, dueAt: null, parties: pa };
    const attempt = (inputs: Parameters<typeof issueInvoices>[1]) => db.$transaction((tx) => issueInvoices(tx, inputs));
    await expect(attempt([{ ...ok, dedupeKey: `bad:${a}:1` }, { ...ok, dedupeKey: `bad:${a}:2`, lines: [] }])).rejects.toThrow('an invoice needs at least one line');
    await expect(attempt([{ ...ok, dedupeKey: `bad:${a}:3`, expectedTotal: 299_999 }])).rejects.toThrow('invoice lines add up to 300000, expected 299999');
    await expect(attempt([{ ...ok, dedupeKey: `bad:${a}:4` }, { ...ok, dedupeKey: `bad:${a}:4` }])).rejects.toThrow();
    // 31 Dec 2026 18:00 UTC is 1 Jan 2027 in Bangkok: another numbering year than a moment before.
    const years = attempt([{ ...ok, dedupeKey: `bad:${a}:5`, issuedAt: new Date('2026-12-31T16:59:59Z') }, { ...ok, dedupeKey: `bad:${a}:6`, issuedAt: new Date('2026-12-31T17:00:00Z') }]);
    await expect(years).rejects.toThrow(InvoiceError);
    await expect(years).rejects.toThrow('one batch of invoices is numbered in one year');
    expect(await db.invoice.count({ where: { dedupeKey: { startsWith: `bad:${a}:` } } })).toBe(0);
    expect(seq((await single(a)).number)).toBe(seq(before.number) + 1);
  });

  it('a batch in the same Bangkok year but different instants is numbered in that year', async () => {
    const a = await booking();
    const pa = await partiesOf(a);
    const ok = { bookingId: a, kind: 'fee' as const, lines: [line], vatSatang: 3_500, dueAt: null, parties: pa };
    const issued = await db.$transaction((tx) =>
      issueInvoices(tx, [
        { ...ok, dedupeKey: `y:${a}:1`, issuedAt: new Date('2026-12-31T17:00:00Z') },
        { ...ok, dedupeKey: `y:${a}:2`, issuedAt: new Date('2027-06-30T12:00:00Z') },
      ]),
    );
    expect(issued.map((i) => i.number.slice(0, 9))).toEqual(['INV-2027-', 'INV-2027-']);
  });
});

describe('taking many document numbers at once (nextDocumentNumbers)', () => {
  it('a series never used that year starts at 1; the next batch and a single number follow on; none is taken for 0', async () => {
    // 2041 in Bangkok (31 Dec 2040, 17:00 UTC): a year no other test numbers in.
    const at = new Date('2040-12-31T17:00:00Z');
    expect(await db.$transaction((tx) => nextDocumentNumbers(tx, 'CN', at, 3))).toEqual(['CN-2041-000001', 'CN-2041-000002', 'CN-2041-000003']);
    expect(await db.$transaction((tx) => nextDocumentNumbers(tx, 'CN', at, 0))).toEqual([]);
    expect(await db.$transaction((tx) => nextDocumentNumbers(tx, 'CN', at, 2))).toEqual(['CN-2041-000004', 'CN-2041-000005']);
    expect(await db.$transaction((tx) => nextDocumentNumbers(tx, 'INV', at, 1))).toEqual(['INV-2041-000001']);
    expect(await db.$transaction((tx) => nextDocumentNumbers(tx, 'CN', new Date('2040-12-31T16:59:59Z'), 1))).toEqual(['CN-2040-000001']);
  });
});
