// What an invoice shows, computed once for the page and the PDF. Pure.
import type { BuyerSnapshot, SellerSnapshot } from './parties';

export type DocumentTitle = 'tax_invoice' | 'tax_invoice_receipt' | 'invoice' | 'receipt';

export interface InvoiceDocumentInput {
  number: string;
  kind: 'initial' | 'renewal' | 'fee' | 'prepay';
  status: 'open' | 'paid' | 'void';
  issuedAt: Date;
  dueAt: Date | null;
  paidAt: Date | null;
  totalSatang: number;
  vatSatang: number;
  seller: SellerSnapshot;
  buyer: BuyerSnapshot | null;
  reference: string;
  lines: { kind: string; description: string; quantity: number; unitSatang: number; amountSatang: number; position: number }[];
  creditNotes: { number: string; amountSatang: number; issuedAt: Date; reason: string }[];
  withholdingCertificate: { number: string; issuedOn: Date; amountSatang: number } | null;
  /** payments received (date and method on every receipt, docs/product-rules.md#lifecycle) */
  payments?: { method: string; amountSatang: number; paidAt: Date }[];
}

export interface InvoiceDocument extends InvoiceDocumentInput {
  title: DocumentTitle;
  isTaxInvoice: boolean;
  /** goods and services, discounts included (VAT-inclusive) */
  items: InvoiceDocumentInput['lines'];
  /** value of goods and services including VAT = Σ items */
  valueInclVat: number;
  /** value before VAT (the tax base) */
  valueExVat: number;
  /** the deposit is refundable and not a supply: outside VAT */
  nonVatable: number;
  withholding: number;
  /** what the customer pays: value − withholding = the invoice total */
  netToPay: number;
  credited: number;
}

/**
 * Business customers get a Thai tax invoice (a tax invoice/receipt once paid); individuals get an invoice that becomes
 * a receipt once paid. The withholding deduction is not a supply: it is listed under the value, before the net to pay.
 */
export function invoiceDocument(input: InvoiceDocumentInput): InvoiceDocument {
  const isTaxInvoice = input.buyer?.type === 'business';
  const paid = input.status === 'paid';
  const title: DocumentTitle = isTaxInvoice ? (paid ? 'tax_invoice_receipt' : 'tax_invoice') : paid ? 'receipt' : 'invoice';
  const sorted = [...input.lines].sort((a, b) => a.position - b.position);
  const items = sorted.filter((l) => l.kind !== 'withholding_tax');
  const valueInclVat = items.reduce((a, l) => a + l.amountSatang, 0);
  const nonVatable = items.filter((l) => l.kind === 'deposit').reduce((a, l) => a + l.amountSatang, 0);
  const withholding = -sorted.filter((l) => l.kind === 'withholding_tax').reduce((a, l) => a + l.amountSatang, 0);
  return {
    ...input,
    lines: sorted,
    title,
    isTaxInvoice,
    items,
    valueInclVat,
    valueExVat: valueInclVat - nonVatable - input.vatSatang,
    nonVatable,
    withholding,
    netToPay: input.totalSatang,
    credited: input.creditNotes.reduce((a, c) => a + c.amountSatang, 0),
  };
}
