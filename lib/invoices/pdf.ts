import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { translator } from '@/lib/i18n/translator';
import type { InvoiceDocument } from './document';
import type { CreditNoteDocument } from './credit-note-document';
import { formatTaxBranch } from './tax-branch';
import { formatBangkokDate } from '@/lib/dates/bangkok';
import { DOCUMENT_AMOUNT, formatTHB } from '@/lib/format/money';
import { VAT_RATE_PCT, WHT_RATE_PCT } from '@/lib/pricing/catalog';

type Doc = InstanceType<typeof PDFDocument>;
type Face = 'thai' | 'latin' | 'latinExt' | 'cyrillic';

// Noto Sans Thai for Thai script (and the baht sign), Noto Sans for Latin and Cyrillic: customers' names may be in any
// of them. Fontsource ships each script as its own file; the WOFF (1) ones, because fontkit cannot subset some WOFF2
// glyph tables (RangeError in TTFSubset).
const FONT_FILES: Record<Face, Record<'regular' | 'bold', string>> = {
  thai: {
    regular: '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff',
    bold: '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff',
  },
  latin: { regular: '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff', bold: '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff' },
  latinExt: {
    regular: '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff',
    bold: '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff',
  },
  cyrillic: {
    regular: '@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff',
    bold: '@fontsource/noto-sans/files/noto-sans-cyrillic-700-normal.woff',
  },
};

let fontCache: Map<string, Buffer> | null = null;
function fonts(): Map<string, Buffer> {
  if (fontCache) return fontCache;
  const out = new Map<string, Buffer>();
  const root = path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules');
  for (const [face, weights] of Object.entries(FONT_FILES)) {
    for (const [weight, file] of Object.entries(weights)) out.set(`${face}-${weight}`, fs.readFileSync(path.join(root, file)));
  }
  fontCache = out;
  return out;
}

function faceOf(ch: number): Face {
  if (ch >= 0x0e00 && ch <= 0x0e7f) return 'thai';
  if (ch >= 0x0400 && ch <= 0x052f) return 'cyrillic';
  if (ch >= 0x0100 && ch <= 0x024f) return 'latinExt';
  return 'latin';
}

/** Splits text into runs of one font each (the Thai subset has no space or digits: those go to the Latin face). */
export function scriptRuns(text: string): { face: Face; text: string }[] {
  const runs: { face: Face; text: string }[] = [];
  for (const ch of text) {
    const face = faceOf(ch.codePointAt(0)!);
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs;
}

interface TextOpts {
  x: number;
  y: number;
  width: number;
  size?: number;
  bold?: boolean;
  align?: 'left' | 'right' | 'center';
  color?: string;
}

/**
 * Writes mixed-script text. Thai is laid out with its mark positioning but without glyph decomposition (ccmp), so
 * SARA AM stays one glyph and the text copied or extracted from the PDF reads as typed.
 */
function write(doc: Doc, text: string, o: TextOpts): number {
  const runs = scriptRuns(text || ' ');
  doc.fillColor(o.color ?? '#111827').fontSize(o.size ?? 9);
  const face = (r: { face: Face }) => `${r.face}-${o.bold ? 'bold' : 'regular'}`;
  if (o.align === 'right' && runs.length > 1) {
    // pdfkit loses spaces between right-aligned continued fragments: place each run from the measured widths (one line).
    const widths = runs.map((r) => doc.font(face(r)).widthOfString(r.text, { features: { ccmp: false } } as unknown as PDFKit.Mixins.TextOptions));
    let x = o.x + o.width - widths.reduce((a, w) => a + w, 0);
    runs.forEach((r, i) => {
      doc.font(face(r)).text(r.text, x, o.y, { lineBreak: false, features: { ccmp: false } } as unknown as PDFKit.Mixins.TextOptions);
      x += widths[i];
    });
    doc.x = o.x;
    return (doc.y = o.y + doc.currentLineHeight(true));
  }
  runs.forEach((run, i) => {
    doc.font(`${run.face}-${o.bold ? 'bold' : 'regular'}`);
    // pdfkit drops spaces at the edges of a continued fragment; a no-break space survives (and reads as a space).
    if (runs.length > 1) run.text = run.text.replace(/^ +| +$/g, (m) => '\u00a0'.repeat(m.length));
    // fontkit takes features as a map too ({ ccmp: false } turns one off); the typings only know the array form.
    const opts = { width: o.width, align: o.align ?? 'left', continued: i < runs.length - 1, features: { ccmp: false } } as unknown as PDFKit.Mixins.TextOptions;
    if (i === 0) doc.text(run.text, o.x, o.y, opts);
    else doc.text(run.text, opts);
  });
  return doc.y;
}

const money = (satang: number) => formatTHB(satang, 'en', DOCUMENT_AMOUNT);

const ddmmyyyy = (d: Date) => formatBangkokDate(d, 'en', 'short');


/**
 * The invoice as a PDF: a Thai tax invoice for business customers (every field s.86/4 of the Revenue Code asks for,
 * labels in Thai and English), an invoice or receipt for individuals. Amounts in baht with satang.
 */
export async function renderInvoicePdf(d: InvoiceDocument, etax?: EtaxAttachment): Promise<Buffer> {
  const th = translator('th', 'invoice.pdf');
  const en = translator('en', 'invoice.pdf');
  const l = (key: Parameters<typeof en>[0], values?: Parameters<typeof en>[1]) => `${th(key, values)} / ${en(key, values)}`;
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${en(`titles.${d.title}`)} ${d.number}`, Author: d.seller.legalName } , font: fonts().get('latin-regular') as unknown as string, ...(etax ? PDFA3 : {}) });
  for (const [name, buf] of fonts()) doc.registerFont(name, buf);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const left = 40;
  const width = doc.page.width - 80;
  // Seller
  write(doc, d.seller.legalNameTh, { x: left, y: 40, width: width * 0.55, size: 12, bold: true });
  write(doc, d.seller.legalName, { x: left, y: doc.y, width: width * 0.55, size: 10, bold: true });
  write(doc, d.seller.addressTh, { x: left, y: doc.y + 2, width: width * 0.55 });
  write(doc, d.seller.address, { x: left, y: doc.y, width: width * 0.55 });
  write(doc, `${l('taxId')}: ${d.seller.taxId}  ·  ${formatTaxBranch(d.seller.branch)}`, { x: left, y: doc.y + 2, width: width * 0.55 });
  write(doc, `${l('phone')}: ${d.seller.phone}`, { x: left, y: doc.y, width: width * 0.55 });
  const sellerBottom = doc.y;
  // Title and document facts
  write(doc, th(`titles.${d.title}`), { x: left + width * 0.55, y: 40, width: width * 0.45, size: 16, bold: true, align: 'right', color: '#0f766e' });
  write(doc, en(`titles.${d.title}`), { x: left + width * 0.55, y: doc.y, width: width * 0.45, size: 13, bold: true, align: 'right', color: '#0f766e' });
  write(doc, l('original'), { x: left + width * 0.55, y: doc.y + 2, width: width * 0.45, align: 'right' });
  write(doc, `${l('number')}: ${d.number}`, { x: left + width * 0.55, y: doc.y + 6, width: width * 0.45, align: 'right', bold: true });
  write(doc, `${l('date')}: ${ddmmyyyy(d.issuedAt)}`, { x: left + width * 0.55, y: doc.y, width: width * 0.45, align: 'right' });
  if (d.dueAt) write(doc, `${l('dueDate')}: ${ddmmyyyy(d.dueAt)}`, { x: left + width * 0.55, y: doc.y, width: width * 0.45, align: 'right' });
  write(doc, `${l('reference')}: ${d.reference}`, { x: left + width * 0.55, y: doc.y, width: width * 0.45, align: 'right' });

  // Buyer
  let y = Math.max(sellerBottom, doc.y) + 14;
  doc.moveTo(left, y).lineTo(left + width, y).strokeColor('#d1d5db').stroke();
  y += 8;
  write(doc, l('customer'), { x: left, y, width, bold: true });
  if (d.buyer) {
    write(doc, d.buyer.name, { x: left, y: doc.y, width, size: 10, bold: true });
    if (d.buyer.contactName) write(doc, `${l('attention')}: ${d.buyer.contactName}`, { x: left, y: doc.y, width });
    write(doc, `${l('address')}: ${d.buyer.address}`, { x: left, y: doc.y, width });
    if (d.buyer.taxId) write(doc, `${l('taxId')}: ${d.buyer.taxId}  ·  ${formatTaxBranch(d.buyer.branch)}`, { x: left, y: doc.y, width });
  }

  // Lines
  y = doc.y + 12;
  const cols = { no: left, desc: left + 24, qty: left + width * 0.58, unit: left + width * 0.68, amount: left + width * 0.84 };
  doc.rect(left, y - 3, width, 26).fill('#f0fdfa');
  const head = (k: 'item' | 'description' | 'quantity' | 'unitPrice' | 'amount', x: number, w: number, align: 'left' | 'right' = 'left') => {
    write(doc, th(k), { x, y, width: w, size: 8, bold: true, align });
    write(doc, en(k), { x, y: y + 10, width: w, size: 8, bold: true, align });
  };
  head('item', cols.no, 22);
  head('description', cols.desc, cols.qty - cols.desc - 6);
  head('quantity', cols.qty, cols.unit - cols.qty - 4, 'right');
  head('unitPrice', cols.unit, cols.amount - cols.unit - 4, 'right');
  head('amount', cols.amount, left + width - cols.amount, 'right');
  y += 28;
  d.items.forEach((line, i) => {
    write(doc, String(i + 1), { x: cols.no, y, width: 22 });
    const bottom = write(doc, line.description, { x: cols.desc, y, width: cols.qty - cols.desc - 6 });
    write(doc, String(line.quantity), { x: cols.qty, y, width: cols.unit - cols.qty - 4, align: 'right' });
    write(doc, money(line.unitSatang), { x: cols.unit, y, width: cols.amount - cols.unit - 4, align: 'right' });
    write(doc, money(line.amountSatang), { x: cols.amount, y, width: left + width - cols.amount, align: 'right' });
    y = Math.max(bottom, doc.y) + 4;
  });
  doc.moveTo(left, y).lineTo(left + width, y).strokeColor('#d1d5db').stroke();
  y += 6;

  // Totals: VAT shown separately from the value, then the withholding and the net to pay
  const total = (label: string, amount: number, bold = false) => {
    write(doc, label, { x: left + width * 0.3, y, width: width * 0.5, bold, align: 'right' });
    write(doc, money(amount), { x: cols.amount, y, width: left + width - cols.amount, bold, align: 'right' });
    y = doc.y + 3;
  };
  total(l('valueExVat'), d.valueExVat);
  total(l('vat', { percent: VAT_RATE_PCT }), d.vatSatang);
  if (d.nonVatable) total(l('deposit'), d.nonVatable);
  total(l('total'), d.valueInclVat, true);
  if (d.withholding) {
    total(l('withholding', { percent: WHT_RATE_PCT }), -d.withholding);
    total(l('netToPay'), d.netToPay, true);
  }
  write(doc, l('currencyNote'), { x: left, y: y + 2, width, size: 8, color: '#4b5563' });
  y = doc.y + 8;
  if (d.status === 'paid' && d.paidAt) y = write(doc, `${l('paidOn')}: ${ddmmyyyy(d.paidAt)}`, { x: left, y, width, bold: true, color: '#047857' }) + 2;
  // Each payment with its date and method, so every receipt says when and how it was paid.
  const thPay = translator('th', 'payment');
  const enPay = translator('en', 'payment');
  for (const p of d.payments ?? []) {
    const method = `${thPay(`methods.${p.method as 'cash'}`)} / ${enPay(`methods.${p.method as 'cash'}`)}`;
    y = write(doc, `${l('paidOn')}: ${ddmmyyyy(p.paidAt)} · ${method} · ${money(p.amountSatang)}`, { x: left, y, width }) + 2;
  }
  if (d.status === 'void') y = write(doc, l('void'), { x: left, y, width, bold: true, color: '#b91c1c' }) + 2;
  for (const c of d.creditNotes) y = write(doc, `${l('creditNote')} ${c.number} (${ddmmyyyy(c.issuedAt)}): -${money(c.amountSatang)}`, { x: left, y, width }) + 2;
  if (d.withholdingCertificate) {
    y = write(doc, `${l('whtCertificate')}: ${d.withholdingCertificate.number} (${ddmmyyyy(d.withholdingCertificate.issuedOn)}), ${money(d.withholdingCertificate.amountSatang)}`, { x: left, y, width }) + 2;
  }
  if (etax) attachEtaxXml(doc, etax);
  doc.end();
  return done;
}

/** The e-Tax XML a PDF/A-3 carries (docs/product-rules.md#thai-money, "e-Tax Invoice by Email"). */
export interface EtaxAttachment {
  xml: string;
  /** e.g. 'INV-2026-000042.xml' */
  fileName: string;
  /** the ETDA document type code: 388, T03, 81 */
  typeCode: string;
  createdAt: Date;
}

/** PDF/A-3b: fonts embedded, an sRGB output intent, XMP metadata, and embedded files allowed (pdfkit's own subset). */
const PDFA3 = { subset: 'PDF/A-3b', pdfVersion: '1.7' } as const;
export const ETAX_XMP_NS = 'urn:etda:etax:pdfa:1p0#';

/**
 * Embeds the XML as the PDF/A-3 associated file (AF, AFRelationship Alternative: the same document in data form), and
 * describes it in the XMP metadata under a declared PDF/A extension schema (document file name, type code, version of
 * the ETDA standard), as PDF/A-3 requires for any property outside its own schemas.
 */
function attachEtaxXml(doc: PDFKit.PDFDocument, etax: EtaxAttachment) {
  // pdfkit 0.20 takes `relationship` (AFRelationship); its type definitions do not list it yet.
  const options = { name: etax.fileName, type: 'text/xml', relationship: 'Alternative', description: `e-Tax Invoice XML (ETDA ขมธอ. 3-2560 v2.1), type ${etax.typeCode}`, creationDate: etax.createdAt, modifiedDate: etax.createdAt };
  doc.file(Buffer.from(etax.xml, 'utf8'), options as PDFKit.Mixins.PDFAttachmentOptions);
  const meta = doc as unknown as { appendXML(xml: string): void };
  meta.appendXML(`
        <rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
            <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>ETDA e-Tax Invoice attachment</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${ETAX_XMP_NS}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>etax</pdfaSchema:prefix>
                <pdfaSchema:property><rdf:Seq>
                    <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>name of the embedded XML file</pdfaProperty:description></rdf:li>
                    <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>ETDA document type code</pdfaProperty:description></rdf:li>
                    <rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>version of the ETDA standard</pdfaProperty:description></rdf:li>
                </rdf:Seq></pdfaSchema:property>
            </rdf:li></rdf:Bag></pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description xmlns:etax="${ETAX_XMP_NS}" rdf:about="">
            <etax:DocumentFileName>${etax.fileName}</etax:DocumentFileName>
            <etax:DocumentType>${etax.typeCode}</etax:DocumentType>
            <etax:Version>2.1</etax:Version>
        </rdf:Description>`);
}

/**
 * A credit note as a PDF (docs/product-rules.md#documents-staff-issue): for business buyers the Thai tax credit note
 * (ใบลดหนี้) with the fields of s.86/10 (the original invoice's number and date, the reason, the original value, the
 * correct value, the difference and its VAT), labels in Thai and English; the same facts for individuals.
 */
export async function renderCreditNotePdf(d: CreditNoteDocument, etax?: EtaxAttachment): Promise<Buffer> {
  const th = translator('th', 'staffDocuments.pdf');
  const en = translator('en', 'staffDocuments.pdf');
  const l = (key: Parameters<typeof en>[0], values?: Parameters<typeof en>[1]) => `${th(key, values)} / ${en(key, values)}`;
  const titleKey = d.isTaxDocument ? 'taxTitle' : 'title';
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${en(titleKey)} ${d.number}`, Author: d.seller.legalName }, font: fonts().get('latin-regular') as unknown as string, ...(etax ? PDFA3 : {}) });
  for (const [name, buf] of fonts()) doc.registerFont(name, buf);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = 40;
  const width = doc.page.width - 80;
  const half = width * 0.55;
  write(doc, d.seller.legalNameTh, { x: left, y: 40, width: half, size: 12, bold: true });
  write(doc, d.seller.legalName, { x: left, y: doc.y, width: half, size: 10, bold: true });
  write(doc, d.seller.addressTh, { x: left, y: doc.y + 2, width: half });
  write(doc, d.seller.address, { x: left, y: doc.y, width: half });
  write(doc, `${l('taxId')}: ${d.seller.taxId}  ·  ${formatTaxBranch(d.seller.branch)}`, { x: left, y: doc.y + 2, width: half });
  const sellerBottom = doc.y;
  const right = { x: left + half, width: width - half, align: 'right' as const };
  write(doc, th(titleKey), { ...right, y: 40, size: 16, bold: true, color: '#b91c1c' });
  write(doc, en(titleKey), { ...right, y: doc.y, size: 13, bold: true, color: '#b91c1c' });
  write(doc, `${l('number')}: ${d.number}`, { ...right, y: doc.y + 6, bold: true });
  write(doc, `${l('date')}: ${ddmmyyyy(d.issuedAt)}`, { ...right, y: doc.y });
  write(doc, `${l('reference')}: ${d.invoice.reference}`, { ...right, y: doc.y });

  let y = Math.max(sellerBottom, doc.y) + 14;
  doc.moveTo(left, y).lineTo(left + width, y).strokeColor('#d1d5db').stroke();
  y += 8;
  write(doc, l('customer'), { x: left, y, width, bold: true });
  if (d.buyer) {
    write(doc, d.buyer.name, { x: left, y: doc.y, width, size: 10, bold: true });
    write(doc, `${l('address')}: ${d.buyer.address}`, { x: left, y: doc.y, width });
    if (d.buyer.taxId) write(doc, `${l('taxId')}: ${d.buyer.taxId}  ·  ${formatTaxBranch(d.buyer.branch)}`, { x: left, y: doc.y, width });
  }
  y = doc.y + 12;
  y = write(doc, `${l('originalInvoice')}: ${d.invoice.number}  ·  ${l('originalDate')}: ${ddmmyyyy(d.invoice.issuedAt)}`, { x: left, y, width, bold: true }) + 4;
  y = write(doc, `${l('reason')}: ${d.reason}`, { x: left, y, width }) + 10;
  doc.moveTo(left, y).lineTo(left + width, y).strokeColor('#d1d5db').stroke();
  y += 6;
  const amountX = left + width * 0.8;
  const row = (label: string, amount: number, bold = false) => {
    write(doc, label, { x: left, y, width: width * 0.75, bold });
    write(doc, money(amount), { x: amountX, y, width: left + width - amountX, bold, align: 'right' });
    y = doc.y + 4;
  };
  row(l('originalValue'), d.originalValue);
  row(l('correctValue'), d.correctValue);
  row(l('difference'), d.difference);
  row(l('differenceVat', { percent: VAT_RATE_PCT }), d.differenceVat);
  row(l('totalCredited'), d.totalCredited, true);
  write(doc, l('currencyNote'), { x: left, y: y + 2, width, size: 8, color: '#4b5563' });
  if (etax) attachEtaxXml(doc, etax);
  doc.end();
  return done;
}
