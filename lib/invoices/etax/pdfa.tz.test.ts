import { describe, expect, it } from 'vitest';
import { invoiceDocument } from '../document';
import { etaxCreditNotePdf, etaxInvoicePdf, etaxReceiptPdf } from './pdfa';
import { creditNoteDocument } from '../credit-note-document';
import { creditNoteInput, input } from './xml.test-fixture';
import { validateEtaxXml } from '@/test/etax-xsd';

/** What a reader of the file finds: attachments and XMP metadata through pdf.js, the catalog's entries in the bytes. */
async function readBack(pdf: Buffer) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false, isEvalSupported: false }).promise;
  const attachments = (await doc.getAttachments()) as Record<string, { filename: string; content: Uint8Array }> | null;
  const meta = await doc.getMetadata();
  const xmp = (meta.metadata as unknown as { getRaw(): string } | null)?.getRaw() ?? '';
  await doc.destroy();
  return { attachments, xmp, raw: pdf.toString('latin1') };
}

describe('e-Tax Invoice by Email: the PDF/A-3 (docs/product-rules.md#thai-money)', () => {
  it('carries its ETDA XML as the associated file, declared PDF/A-3 in its XMP, and the XML read back validates', async () => {
    const out = await etaxInvoicePdf(invoiceDocument(input), new Date('2026-11-22T05:00:01Z'));
    expect(out).not.toBeNull();
    const { attachments, xmp, raw } = await readBack(out!.pdf);
    const file = Object.values(attachments ?? {}).find((a) => a.filename === 'INV-2026-000042.xml');
    expect(file).toBeDefined();
    const xml = Buffer.from(file!.content).toString('utf8');
    expect(xml).toBe(out!.xml);
    expect((await validateEtaxXml(xml, 'taxInvoice')).valid).toBe(true);
    // PDF/A-3b identification, and the attachment described in a declared extension schema.
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(xmp).toContain('<etax:DocumentFileName>INV-2026-000042.xml</etax:DocumentFileName>');
    expect(xmp).toContain('<etax:DocumentType>388</etax:DocumentType>');
    expect(xmp).toContain('<pdfaSchema:prefix>etax</pdfaSchema:prefix>');
    // An associated file (catalog /AF) of relationship Alternative, with an sRGB output intent.
    expect(raw).toMatch(/\/AF \[/);
    expect(raw).toContain('/AFRelationship /Alternative');
    expect(raw).toContain('/GTS_PDFA1');
    expect(raw.slice(0, 8)).toBe('%PDF-1.7');
  });

  it('the receipt (T01) and the credit note (81) are PDF/A-3 too, each with its own XML that reads back and validates', async () => {
    const paid = invoiceDocument({ ...input, status: 'paid', paidAt: new Date('2026-11-23T05:00:00Z') });
    const receipt = await etaxReceiptPdf(paid, new Date('2026-11-23T05:01:00Z'));
    const note = await etaxCreditNotePdf(creditNoteDocument(creditNoteInput), new Date('2026-11-25T05:00:00Z'), { refund: true });
    for (const [out, fileName, type, schema] of [
      [receipt, 'RC-2026-000042.xml', 'T01', 'receipt'],
      [note, 'CN-2026-000007.xml', '81', 'creditNote'],
    ] as const) {
      expect(out).not.toBeNull();
      const { attachments, xmp, raw } = await readBack(out!.pdf);
      const file = Object.values(attachments ?? {}).find((a) => a.filename === fileName);
      expect(file, fileName).toBeDefined();
      const xml = Buffer.from(file!.content).toString('utf8');
      expect(xml).toBe(out!.xml);
      expect(xml).toContain(`<ram:TypeCode>${type}</ram:TypeCode>`);
      expect((await validateEtaxXml(xml, schema)).errors).toEqual([]);
      expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
      expect(xmp).toContain(`<etax:DocumentType>${type}</etax:DocumentType>`);
      expect(raw).toContain('/AFRelationship /Alternative');
    }
  });

  it('an individual gets no e-Tax file', async () => {
    expect(await etaxInvoicePdf(invoiceDocument({ ...input, buyer: { ...input.buyer!, type: 'individual', taxId: null, branch: null } }), new Date())).toBeNull();
  });
});
