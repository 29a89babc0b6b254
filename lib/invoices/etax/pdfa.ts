import 'server-only';
import type { InvoiceDocument } from '../document';
import { renderInvoicePdf } from '../pdf';
import { ETAX_TYPE, taxInvoiceXml } from './xml';

/**
 * The e-Tax Invoice by Email file of a business customer's tax invoice (docs/product-rules.md#thai-money): the same
 * PDF as always, as PDF/A-3b, carrying its ETDA XML as the associated file. Individuals get no tax invoice: null.
 */
export async function etaxInvoicePdf(doc: InvoiceDocument, createdAt: Date): Promise<{ pdf: Buffer; xml: string; fileName: string; typeCode: string } | null> {
  if (!doc.isTaxInvoice || !doc.buyer) return null;
  const xml = taxInvoiceXml(doc, { createdAt });
  const typeCode = doc.title === 'tax_invoice_receipt' ? ETAX_TYPE.tax_invoice_receipt : ETAX_TYPE.tax_invoice;
  const fileName = `${doc.number}.xml`;
  const pdf = await renderInvoicePdf(doc, { xml, fileName, typeCode, createdAt });
  return { pdf, xml, fileName, typeCode };
}
