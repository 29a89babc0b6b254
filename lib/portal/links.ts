import 'server-only';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/routing';
import { toLocale } from '@/lib/i18n/translator';
import { portalToken } from '@/lib/platform/link-signing';
import { invoicePath, invoicePdfPath } from '@/lib/invoices/access';

/** The signed link to one booking's page, as every email carries it. */
export function signedPortalUrl(locale: string, reference: string): string {
  return `${env().SITE_URL}${signedPortalPath(locale, reference)}`;
}

export function signedPortalPath(locale: string, reference: string): string {
  return `${localizedPath(toLocale(locale), `/my-booking/${reference}`)}?token=${portalToken(reference)}`;
}

/**
 * Where a portal invoice row links: the invoice document and its payment page, by the invoice's id with the
 * invoice's own signed token (the pages look invoices up by id; a number in the path was a 404).
 */
export function invoiceLinks(locale: string, _reference: string, invoice: { id: string }): { view: string; pay: string; pdf: string } {
  const loc = toLocale(locale);
  return { view: invoicePath(loc, invoice.id), pay: invoicePath(loc, invoice.id, 'pay'), pdf: invoicePdfPath(loc, invoice.id) };
}
