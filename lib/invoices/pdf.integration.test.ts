import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { updatePortalContact } from '@/lib/portal/booking-changes';
import { documentOf, loadInvoice } from './load';
import { renderInvoicePdf } from './pdf';
import { issueInvoice } from './issue';
import { issueCreditNote } from './credit-notes';
import { asFixture } from '@/lib/db/status-writes';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDb());
});
afterAll(() => close());

/** The text of every page, read back with PDF.js (what a reader or a tax auditor's tool sees). */
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

describe('invoice PDF', () => {
  it('a business customer gets a Thai tax invoice with every required field, in Thai and English, fonts embedded', async () => {
    const r = await createBooking(db, example2(), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error('booking failed');
    const invoice = (await loadInvoice(db, (await db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId } })).id))!;
    const pdf = await renderInvoicePdf(documentOf(invoice));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Fonts are embedded (FontFile2 streams), not referenced.
    expect(pdf.toString('latin1')).toContain('/FontFile2');
    const text = await pdfText(pdf);
    const required = [
      'ใบกำกับภาษี', 'Tax Invoice',
      'เลขประจำตัวผู้เสียภาษี', 'Tax ID',
      'บริษัท ภูเก็ต เซลฟ์ สตอเรจ จำกัด', 'Phuket Self Storage Co., Ltd.',
      '0835561012340',
      'สำนักงานใหญ่', 'Head office',
      'Example Co., Ltd.', invoice.booking.customer.taxId!,
      '99 Moo 1, Cherngtalay, Phuket',
      'เลขที่', invoice.number,
      'วันที่', 'Date', '22/11/2026',
      'รายการ', 'Description',
      'มูลค่าก่อนภาษีมูลค่าเพิ่ม', 'Value excluding VAT',
      'ภาษีมูลค่าเพิ่ม 7%', 'VAT 7%', '4,349.00', // the VAT of worked example 2
      'หัก ภาษีหัก ณ ที่จ่าย 5%', 'Less withholding tax 5%', '-3,046.00',
      'ยอดชำระสุทธิ', 'Net to pay', '70,532.00',
    ];
    for (const field of required) expect(text, field).toContain(field);
    expect(invoice.number).toMatch(/^INV-2026-\d{6}$/);
  });

  it('an individual gets an invoice that reads as a receipt once paid, with a Russian name printed', async () => {
    const r = await createBooking(db, example2({ unitTypeCode: 'xl', customerType: 'individual', contact: { ...example2().contact, firstName: 'Иван', lastName: 'Петров', companyName: '', taxId: '' } }), { locale: 'ru', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(`booking failed ${JSON.stringify(r)}`);
    const id = (await db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId } })).id;
    await asFixture(() => db.invoice.update({ where: { id }, data: { status: 'paid', paidAt: TEST_NOW } }));
    const text = await pdfText(await renderInvoicePdf(documentOf((await loadInvoice(db, id))!)));
    expect(text).toContain('ใบเสร็จรับเงิน');
    expect(text).toContain('Receipt');
    expect(text).toContain('Иван Петров');
    expect(text).not.toContain('Tax Invoice');
    expect(text).toContain('Paid on');
  });

  describe("the buyer's head office or branch (docs/product-rules.md#tax-branch)", () => {
    /** A business booking's first invoice, as its PDF's text. */
    async function businessBooking(taxBranch: 'head_office' | 'branch', branchNumber = '') {
      // unit type s: 18 free units, so every test here can book one by bank transfer
      const draft = example2({ unitTypeCode: 's' });
      const r = await createBooking(db, { ...draft, contact: { ...draft.contact, taxBranch, branchNumber } }, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
      if (!r.ok) throw new Error(`booking failed ${JSON.stringify(r)}`);
      const invoice = (await loadInvoice(db, (await db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId } })).id))!;
      return { bookingId: r.bookingId, invoice, text: await pdfText(await renderInvoicePdf(documentOf(invoice))) };
    }
    const buyerLine = (taxId: string, branch: string) => `เลขประจำตัวผู้เสียภาษี / Tax ID: ${taxId} · ${branch}`;

    it('a head-office buyer is printed as สำนักงานใหญ่ / Head office beside its tax ID', async () => {
      const { invoice, text } = await businessBooking('head_office');
      expect(invoice.booking.customer.taxBranch).toBe('00000');
      expect(text).toContain(buyerLine(invoice.booking.customer.taxId!, 'สำนักงานใหญ่ / Head office'));
      // the seller too, by default (the `seller` setting)
      expect(text).toContain('เลขประจำตัวผู้เสียภาษี / Tax ID: 0835561012340 · สำนักงานใหญ่ / Head office');
      expect(text).not.toContain('สาขาที่');
      expect(text).not.toContain('Branch');
    });

    it('a branch buyer is printed as สาขาที่ 00012 / Branch 00012, and the seller as its settings say', async () => {
      await db.setting.upsert({ where: { key: 'seller' }, update: { value: { branch: '00003' } }, create: { key: 'seller', value: { branch: '00003' } } });
      try {
        const { invoice, text } = await businessBooking('branch', '00012');
        expect(invoice.booking.customer.taxBranch).toBe('00012');
        const snapshot = await db.bookingSnapshot.findUniqueOrThrow({ where: { bookingId: invoice.bookingId } });
        expect(snapshot.payload).toMatchObject({ customer: { taxBranch: '00012' } });
        expect(text).toContain(buyerLine(invoice.booking.customer.taxId!, 'สาขาที่ 00012 / Branch 00012'));
        expect(text).toContain('เลขประจำตัวผู้เสียภาษี / Tax ID: 0835561012340 · สาขาที่ 00003 / Branch 00003');
        expect(text).not.toContain('สำนักงานใหญ่');
        expect(text).not.toContain('Head office');
      } finally {
        await db.setting.delete({ where: { key: 'seller' } });
      }
    });

    it('a later change of branch names the next documents only: issued invoices and their credit notes keep theirs', async () => {
      const { bookingId, invoice } = await businessBooking('branch', '00012');
      const c = invoice.booking.customer;
      await updatePortalContact(db, bookingId, { phone: c.phone, whatsapp: c.whatsapp, address: c.address, taxBranch: '00045' });
      expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).taxBranch).toBe('00045');

      const first = await pdfText(await renderInvoicePdf(documentOf((await loadInvoice(db, invoice.id))!)));
      expect(first).toContain('สาขาที่ 00012 / Branch 00012');
      expect(first).not.toContain('00045');
      const note = await db.$transaction((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountSatang: 10_000, reason: 'test', dedupeKey: `test:${invoice.id}`, issuedAt: TEST_NOW }));
      expect(note.note?.buyer).toMatchObject({ branch: '00012' });

      const renewal = await db.$transaction((tx) =>
        issueInvoice(tx, { bookingId, kind: 'renewal', lines: [{ kind: 'rent', description: 'Rent', quantity: 1, unitSatang: 710_000, amountSatang: 710_000 }], vatSatang: 46_449, issuedAt: TEST_NOW, dueAt: TEST_NOW }),
      );
      const next = await pdfText(await renderInvoicePdf(documentOf((await loadInvoice(db, renewal.id))!)));
      expect(next).toContain(buyerLine(c.taxId!, 'สาขาที่ 00045 / Branch 00045'));
    });

    it('an individual changing the portal form never gets a branch', async () => {
      const r = await createBooking(db, example2({ unitTypeCode: 's', customerType: 'individual', contact: { ...example2().contact, companyName: '', taxId: '' } }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
      if (!r.ok) throw new Error('booking failed');
      const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { customer: true } });
      await updatePortalContact(db, r.bookingId, { phone: b.customer.phone, whatsapp: null, address: b.customer.address, taxBranch: '00012' });
      expect((await db.customer.findUniqueOrThrow({ where: { id: b.customerId } })).taxBranch).toBeNull();
    });
  });
});
