// Staff issue invoices for the agreement's fees and counter sales, and waive or correct with credit notes
// (docs/product-rules.md#documents-staff-issue); the admin's invoice list finds them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { vatIncludedIn } from '@/lib/pricing/renewal';
import { recordCounterPayment } from '@/lib/payments/staff-payments';
import { invoiceFiltersSchema, searchInvoices } from '@/lib/admin/invoice-list';
import { issueInvoice } from '@/lib/invoices/issue';
import { issueCreditNote } from '@/lib/invoices/credit-notes';
import { issueStaffCreditNote, issueStaffInvoice, StaffDocumentError } from './staff-documents';
import { loadAuthorizedCreditNote } from '@/lib/invoices/load';
import { renderCreditNotePdf } from '@/lib/invoices/pdf';
import { asFixture } from '@/lib/db/status-writes';

const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-documents-'));
const staff = { id: 'staff-docs-1', email: 'desk@example.test' };
beforeAll(async () => {
  setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp, SITE_URL: 'http://localhost:3000' });
  await db.user.create({ data: { id: staff.id, email: staff.email, role: 'staff' } });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const B = (baht: number) => baht * 100;
const LATER = new Date('2026-11-22T07:00:00.000Z');

/** A confirmed rental (the first month paid), as the booking review shows it. */
async function rental(draft = completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), locale: 'en' | 'th' | 'ru' = 'en') {
  const r = await createBooking(db, draft, { locale, now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking failed: ${JSON.stringify(r)}`);
  await asFixture(() => db.booking.update({ where: { id: r.bookingId }, data: { status: 'active', paymentStatus: 'paid' } }));
  return db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { customer: true } });
}

async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false }).promise;
  let text = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? ' ' : '') : '')).join('') + ' ';
  }
  await doc.destroy();
  return text.replace(/\s+/g, ' ');
}

describe('staff issue an invoice for fees and counter sales', () => {
  it('prices on the server, numbers it like every invoice, is due today, audited and emailed with its pay link', async () => {
    const b = await rental(undefined, 'en');
    await db.customer.update({ where: { id: b.customerId }, data: { locale: 'th' } });
    // The catalogue's current price is the price (a staff member changed it since the booking).
    await db.supplyItem.update({ where: { id: 'tape' }, data: { priceSatang: 3_250 } });
    const invoice = await issueStaffInvoice(db, { bookingId: b.id, fees: { cut_lock: 1, cleaning: 1 }, supplies: { tape: 3, bubble_wrap: 0 }, note: 'cut at move-out' }, staff, LATER);
    expect(invoice.number).toMatch(/^INV-2026-\d{6}$/);
    expect(invoice.kind).toBe('fee');
    expect(invoice.status).toBe('open');
    // 250 + 500 + 3 × 32.50 (97.50 → 98) = 848; VAT 848 × 7/107 = 55.48 → 55
    expect(invoice.totalSatang).toBe(B(848));
    expect(invoice.vatSatang).toBe(B(55));
    expect(invoice.dueAt?.toISOString()).toBe('2026-11-21T17:00:00.000Z'); // Bangkok midnight of 22 Nov
    const lines = await db.invoiceLine.findMany({ where: { invoiceId: invoice.id }, orderBy: { position: 'asc' } });
    // In the customer's language (Thai), fees first.
    expect(lines.map((l) => [l.kind, l.description, l.quantity, l.unitSatang, l.amountSatang])).toEqual([
      ['fee', 'ค่าทำความสะอาด', 1, B(500), B(500)],
      ['fee', 'ค่าตัดกุญแจ', 1, B(250), B(250)],
      ['product', expect.any(String), 3, 3_250, B(98)],
    ]);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'invoice.issue_staff', entityId: invoice.id } });
    expect(audit.actorEmail).toBe(staff.email);
    const email = await db.emailMessage.findFirstOrThrow({ where: { dedupeKey: `invoice_issued:${invoice.id}` } });
    expect(email.toAddress).toBe(b.customer.email);
    expect(email.locale).toBe('th');
    expect(email.subject).toContain(invoice.number);
    expect(email.html).toContain(`/th/pay-invoice/${invoice.id}?token=`);
  });

  it('is paid like any invoice: a counter payment closes it', async () => {
    const b = await rental();
    const invoice = await issueStaffInvoice(db, { bookingId: b.id, fees: { lost_master_lock: 1 }, supplies: {} }, staff, LATER, { sendEmail: false });
    expect(invoice.totalSatang).toBe(B(3_000));
    await recordCounterPayment(db, { invoiceId: invoice.id, method: 'cash', amountSatang: B(3_000) }, staff, LATER);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('paid');
  });

  it('refuses a booking that is not a rental yet, an empty invoice and an unknown item, writing nothing', async () => {
    const r = await createBooking(db, completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error('booking failed');
    const b = await rental();
    const before = await db.invoice.count();
    const code = (p: Promise<unknown>) => p.then(() => null, (e) => (e instanceof StaffDocumentError ? e.code : String(e)));
    expect(await code(issueStaffInvoice(db, { bookingId: r.bookingId, fees: { relocation: 1 }, supplies: {} }, staff, LATER))).toBe('booking_not_billable');
    expect(await code(issueStaffInvoice(db, { bookingId: b.id, fees: { cleaning: 0 }, supplies: { tape: 0 } }, staff, LATER))).toBe('nothing_to_invoice');
    expect(await code(issueStaffInvoice(db, { bookingId: b.id, fees: { overlock: 1 } as never, supplies: {} }, staff, LATER))).toBe('unknown_item');
    expect(await code(issueStaffInvoice(db, { bookingId: b.id, fees: {}, supplies: { gold_bar: 1 } }, staff, LATER))).toBe('unknown_item');
    expect(await db.invoice.count()).toBe(before);
  });
});

describe('staff waive or correct with a credit note', () => {
  it('waiving an unpaid fee invoice credits it in full with VAT and voids it through the lifecycle', async () => {
    const b = await rental();
    const invoice = await issueStaffInvoice(db, { bookingId: b.id, fees: { cut_lock: 1 }, supplies: {} }, staff, LATER, { sendEmail: false });
    const r = await issueStaffCreditNote(db, { invoiceId: invoice.id, reason: 'Lock cut by mistake' }, staff, LATER);
    expect(r.note.number).toMatch(/^CN-2026-\d{6}$/);
    expect(r.note).toMatchObject({ amountSatang: B(250), vatSatang: B(16), reason: 'Lock cut by mistake' }); // 16.36 → 16
    expect(r.invoiceStatus).toBe('void');
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('void');
    const moves = await db.auditLog.findMany({ where: { entityId: invoice.id }, select: { action: true, actorEmail: true } });
    expect(moves).toEqual(expect.arrayContaining([{ action: 'invoice.void', actorEmail: staff.email }, { action: 'credit_note.issue_staff', actorEmail: staff.email }]));
    // Nothing left to credit.
    await expect(issueStaffCreditNote(db, { invoiceId: invoice.id, reason: 'again' }, staff, LATER)).rejects.toMatchObject({ code: 'invoice_void' });
  });

  it('credit note numbers are consecutive per year, a rolled-back note gives its number back', async () => {
    const b = await rental();
    const inv = async () => issueStaffInvoice(db, { bookingId: b.id, fees: { relocation: 1 }, supplies: {} }, staff, LATER, { sendEmail: false });
    const [a, c, d] = [await inv(), await inv(), await inv()];
    const first = (await issueStaffCreditNote(db, { invoiceId: a.id, reason: 'waived' }, staff, LATER)).note.number;
    // A note that fails after taking its number rolls back with it.
    await expect(
      db.$transaction(async (tx) => {
        await issueCreditNote(tx, { invoiceId: c.id, amountSatang: B(10), reason: 'x', dedupeKey: 'rolled-back', issuedAt: LATER });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const second = (await issueStaffCreditNote(db, { invoiceId: c.id, amountSatang: B(100), reason: 'goodwill' }, staff, LATER)).note.number;
    const third = (await issueStaffCreditNote(db, { invoiceId: d.id, reason: 'waived' }, staff, LATER)).note.number;
    const n = (s: string) => Number(s.slice(-6));
    expect([n(second) - n(first), n(third) - n(second)]).toEqual([1, 1]);
    // A new Bangkok year starts again at 1: 31 Dec 2026 17:00 UTC is 1 Jan 2027 in Bangkok.
    const nextYear = (await issueStaffCreditNote(db, { invoiceId: c.id, amountSatang: B(100), reason: 'again' }, staff, new Date('2026-12-31T17:00:00.000Z'))).note.number;
    expect(nextYear).toBe('CN-2027-000001');
  });

  it('corrections take VAT at 7/107 of each credit, half-up, and the last takes what is left; the invoice stays open until covered', async () => {
    const b = await rental();
    // 1,093 × 7/107 = 71.5047 → 72
    const invoice = await db.$transaction((tx) =>
      issueInvoice(tx, { bookingId: b.id, kind: 'fee', lines: [{ kind: 'fee', description: 'Cleaning', quantity: 1, unitSatang: B(1_093), amountSatang: B(1_093) }], vatSatang: vatIncludedIn(B(1_093)), issuedAt: TEST_NOW, dueAt: TEST_NOW }),
    );
    expect(invoice.vatSatang).toBe(B(72));
    const credit = async (amountSatang?: number) => issueStaffCreditNote(db, { invoiceId: invoice.id, amountSatang, reason: 'correction' }, staff, LATER);
    expect((await credit(B(129))).note.vatSatang).toBe(B(8)); // 8.4393 → 8
    expect((await credit(22_150)).note.vatSatang).toBe(B(14)); // 14.4907 → 14
    const third = await credit(22_200); // 14.5234 → 15
    expect(third.note.vatSatang).toBe(B(15));
    expect(third.invoiceStatus).toBe('open');
    await expect(credit(B(1_000))).rejects.toMatchObject({ code: 'amount_too_large' });
    // Part-paid, then the rest waived: payments and credits cover it, so it is paid.
    await recordCounterPayment(db, { invoiceId: invoice.id, method: 'cash', amountSatang: B(100) }, staff, LATER);
    const last = await credit();
    expect(last.note.amountSatang).toBe(B(1_093) - B(129) - 22_150 - 22_200 - B(100));
    expect(last.invoiceStatus).toBe('paid');
    const notes = await db.creditNote.findMany({ where: { invoiceId: invoice.id } });
    // The notes' VAT never exceeds the invoice's.
    expect(notes.reduce((a, n) => a + n.vatSatang, 0)).toBeLessThanOrEqual(B(72));
  });

  it('waiving the only overdue invoice lifts a suspension, as paying it would', async () => {
    const b = await rental();
    await asFixture(() => db.invoice.updateMany({ where: { bookingId: b.id }, data: { status: 'paid', paidAt: TEST_NOW } }));
    const invoice = await issueStaffInvoice(db, { bookingId: b.id, fees: { cut_lock: 1 }, supplies: {} }, staff, LATER, { sendEmail: false });
    await asFixture(() => db.booking.update({ where: { id: b.id }, data: { delinquency: 'suspended', accessSuspendedAt: LATER } }));
    const r = await issueStaffCreditNote(db, { invoiceId: invoice.id, reason: 'waived' }, staff, new Date('2026-11-25T03:00:00.000Z'));
    expect(r.accessRestored).toBe(true);
    expect(await db.booking.findUniqueOrThrow({ where: { id: b.id }, select: { delinquency: true, accessSuspendedAt: true } })).toEqual({ delinquency: 'current', accessSuspendedAt: null });
  });

  it('a paid invoice can be corrected: it stays paid and staff are asked to refund', async () => {
    const b = await rental();
    const invoice = await issueStaffInvoice(db, { bookingId: b.id, fees: { cleaning: 1 }, supplies: {} }, staff, LATER, { sendEmail: false });
    await recordCounterPayment(db, { invoiceId: invoice.id, method: 'cash', amountSatang: B(500) }, staff, LATER);
    const r = await issueStaffCreditNote(db, { invoiceId: invoice.id, amountSatang: B(200), reason: 'half cleaning' }, staff, LATER);
    expect(r.invoiceStatus).toBe('paid');
    expect(await db.auditLog.count({ where: { action: 'invoice.refund_due', entityId: invoice.id } })).toBe(1);
  });

  it('a business customer\'s credit note is a Thai tax credit note whose PDF reads back every s.86/10 field', async () => {
    const b = await rental(example2({ unitTypeCode: 's' }));
    const invoice = await issueStaffInvoice(db, { bookingId: b.id, fees: { lost_master_lock: 1 }, supplies: {} }, staff, LATER, { sendEmail: false });
    const { note } = await issueStaffCreditNote(db, { invoiceId: invoice.id, amountSatang: B(1_000), reason: 'Lock found' }, staff, LATER);
    const found = (await loadAuthorizedCreditNote(db, invoice.id, note.id, { token: (await import('@/lib/invoices/access')).invoiceToken(invoice.id) }))!;
    // 3,000 with VAT 196 (196.26): value 2,804; credit 1,000 with VAT 65 (65.42): difference 935; correct value 1,869.
    expect(found.document).toMatchObject({ isTaxDocument: true, originalValue: B(2_804), difference: B(935), differenceVat: B(65), correctValue: B(1_869), totalCredited: B(1_000) });
    const text = await pdfText(await renderCreditNotePdf(found.document));
    for (const field of ['ใบลดหนี้', 'Tax Credit Note', note.number, invoice.number, '22/11/2026', 'Lock found', 'Example Co., Ltd.', b.customer.taxId!, 'สำนักงานใหญ่', 'Head office', 'มูลค่าที่ถูกต้อง', 'Original value', '2,804.00', 'Correct value', '1,869.00', 'Difference', '935.00', 'VAT 7% on the difference', '65.00', '1,000.00']) {
      expect(text, field).toContain(field);
    }
    // Another invoice's link opens nothing.
    expect(await loadAuthorizedCreditNote(db, invoice.id, note.id, { token: 'forged' })).toBeNull();
  });
});

describe('the admin invoice list', () => {
  it('searches by number, name and reference and filters by status, overdue, month and method', async () => {
    const b = await rental(completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival', contact: { ...completeDraft().contact, firstName: 'Kanokwan', lastName: 'Srisuk' } }));
    const other = await rental();
    const nov = await issueStaffInvoice(db, { bookingId: b.id, fees: { cleaning: 1 }, supplies: {} }, staff, LATER, { sendEmail: false });
    const paid = await issueStaffInvoice(db, { bookingId: b.id, fees: { relocation: 1 }, supplies: {} }, staff, LATER, { sendEmail: false });
    await recordCounterPayment(db, { invoiceId: paid.id, method: 'bank_transfer', amountSatang: B(500) }, staff, LATER);
    const dec = await issueStaffInvoice(db, { bookingId: other.id, fees: { cut_lock: 1 }, supplies: {} }, staff, new Date('2026-12-03T03:00:00.000Z'), { sendEmail: false });
    const find = async (q: Record<string, string>, now = new Date('2026-12-05T03:00:00.000Z')) =>
      (await searchInvoices(db, invoiceFiltersSchema.parse(q), now)).rows.map((r) => r.id);

    expect(await find({ q: nov.number })).toEqual([nov.id]);
    expect(await find({ q: nov.number.toLowerCase() })).toEqual([nov.id]);
    expect(new Set(await find({ q: 'kanokwan srisuk' }))).toEqual(new Set([nov.id, paid.id, ...(await db.invoice.findMany({ where: { bookingId: b.id } })).map((i) => i.id)]));
    expect(await find({ q: other.reference.toLowerCase() })).toContain(dec.id);
    expect(await find({ q: other.reference })).not.toContain(nov.id);

    const paidOnes = await find({ status: 'paid' });
    expect(paidOnes).toContain(paid.id);
    expect(paidOnes).not.toContain(nov.id);
    // Overdue: open and due before today (Bangkok). On 5 Dec the November fee is overdue, the 3 Dec one too; on 3 Dec not that one.
    expect(await find({ overdue: '1' })).toEqual(expect.arrayContaining([nov.id, dec.id]));
    expect(await find({ overdue: '1' }, new Date('2026-12-03T05:00:00.000Z'))).not.toContain(dec.id);
    expect(await find({ overdue: '1' })).not.toContain(paid.id);
    // Month issued, Bangkok calendar.
    const december = await find({ period: '2026-12' });
    expect(december).toContain(dec.id);
    expect(december).not.toContain(nov.id);
    expect(await find({ period: '2026-11' })).toEqual(expect.arrayContaining([nov.id, paid.id]));
    expect(await find({ method: 'bank_transfer' })).toEqual([paid.id]);
    expect(await find({ method: 'bank_transfer', status: 'open' })).toEqual([]);
    // Malformed filters are ignored, not fatal.
    expect(invoiceFiltersSchema.parse({ status: 'nope', period: '2026-13', method: 'gold', page: '-3' })).toEqual({ overdue: false, page: 1 });
  });
});
