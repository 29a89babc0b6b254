import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { documentOf, loadInvoice } from './load';
import { renderInvoicePdf } from './pdf';

let db: Db;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = openTestDb());
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
    await db.invoice.update({ where: { id }, data: { status: 'paid', paidAt: TEST_NOW } });
    const text = await pdfText(await renderInvoicePdf(documentOf((await loadInvoice(db, id))!)));
    expect(text).toContain('ใบเสร็จรับเงิน');
    expect(text).toContain('Receipt');
    expect(text).toContain('Иван Петров');
    expect(text).not.toContain('Tax Invoice');
    expect(text).toContain('Paid on');
  });
});
