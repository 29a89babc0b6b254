import 'server-only';
import { toLocale } from '@/lib/i18n/translator';
import { invoicePath, invoicePdfPath } from '@/lib/invoices/access';

/**
 * Where a portal invoice row links: the invoice document and its payment page, by the invoice's id with the
 * invoice's own signed token (the pages look invoices up by id; a number in the path was a 404).
 */
export function invoiceLinks(locale: string, _reference: string, invoice: { id: string }): { view: string; pay: string; pdf: string } {
  const loc = toLocale(locale);
  return { view: invoicePath(loc, invoice.id), pay: invoicePath(loc, invoice.id, 'pay'), pdf: invoicePdfPath(loc, invoice.id) };
}
