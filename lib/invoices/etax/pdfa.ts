import 'server-only';
import type { InvoiceDocument } from '../document';
import type { CreditNoteDocument } from '../credit-note-document';
import { renderCreditNotePdf, renderInvoicePdf } from '../pdf';
import { ETAX_TYPE, creditNoteXml, receiptNumberOf, receiptXml, taxInvoiceXml } from './xml';

export interface EtaxFile {
  pdf: Buffer;
  xml: string;
  fileName: string;
  typeCode: string;
  /** the e-Tax document's own number (the receipt's RC number, the credit note's CN number) */
  number: string;
}

/**
 * The e-Tax Invoice by Email file of a business customer's tax invoice (docs/product-rules.md#thai-money): the
 * same PDF as always, as PDF/A-3b, carrying its ETDA XML as the associated file. Individuals get no tax invoice: null.
 */
export async function etaxInvoicePdf(doc: InvoiceDocument, createdAt: Date, xml?: string): Promise<EtaxFile | null> {
  if (!doc.isTaxInvoice || !doc.buyer) return null;
  const typeCode = doc.title === 'tax_invoice_receipt' ? ETAX_TYPE.tax_invoice_receipt : ETAX_TYPE.tax_invoice;
  const body = xml ?? taxInvoiceXml(doc, { createdAt });
  const fileName = `${doc.number}.xml`;
  const pdf = await renderInvoicePdf(doc, { xml: body, fileName, typeCode, createdAt });
  return { pdf, xml: body, fileName, typeCode, number: doc.number };
}

/**
 * The receipt (T01) of a paid invoice whose tax invoice went before: the invoice's PDF titled as a receipt, under the
 * receipt's own number, naming the tax invoice it acknowledges payment of beside the booking reference.
 */
export async function etaxReceiptPdf(doc: InvoiceDocument, createdAt: Date, xml?: string): Promise<EtaxFile | null> {
  if (!doc.isTaxInvoice || !doc.buyer || doc.status !== 'paid' || !doc.paidAt) return null;
  const number = receiptNumberOf(doc.number);
  const body = xml ?? receiptXml(doc, { createdAt });
  const fileName = `${number}.xml`;
  const asReceipt: InvoiceDocument = { ...doc, title: 'receipt', number, issuedAt: doc.paidAt, dueAt: null, reference: `${doc.reference} · ${doc.number}` };
  const pdf = await renderInvoicePdf(asReceipt, { xml: body, fileName, typeCode: ETAX_TYPE.receipt, createdAt });
  return { pdf, xml: body, fileName, typeCode: ETAX_TYPE.receipt, number };
}

/** A business customer's credit note (81) as PDF/A-3b with its ETDA XML. Individuals' notes are not tax documents: null. */
export async function etaxCreditNotePdf(note: CreditNoteDocument, createdAt: Date, opts: { refund: boolean; xml?: string }): Promise<EtaxFile | null> {
  if (!note.isTaxDocument || !note.buyer) return null;
  const body = opts.xml ?? creditNoteXml(note, { createdAt, refund: opts.refund });
  const fileName = `${note.number}.xml`;
  const pdf = await renderCreditNotePdf(note, { xml: body, fileName, typeCode: ETAX_TYPE.credit_note, createdAt });
  return { pdf, xml: body, fileName, typeCode: ETAX_TYPE.credit_note, number: note.number };
}
