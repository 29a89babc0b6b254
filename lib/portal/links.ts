import 'server-only';
import { env } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/routing';
import { toLocale } from '@/lib/i18n/translator';
import { portalToken } from '@/lib/booking/portal-token';

/** The signed link to one booking's page, as every email carries it. */
export function signedPortalUrl(locale: string, reference: string): string {
  return `${env().SITE_URL}${signedPortalPath(locale, reference)}`;
}

export function signedPortalPath(locale: string, reference: string): string {
  return `${localizedPath(toLocale(locale), `/my-booking/${reference}`)}?token=${portalToken(reference)}`;
}

/**
 * Where a portal invoice row links: the invoice document and its payment page (built by the invoices and payments
 * work), carrying the booking's signed token so they can check access the same way the portal does.
 */
export function invoiceLinks(locale: string, reference: string, invoice: { id: string; number: string }): { view: string; pay: string } {
  // The pages load an invoice by its id and take the booking's token as `ref` + `ptoken` (lib/invoices/access.ts);
  // the invoice's number with `token` opened nothing.
  const q = `?${new URLSearchParams({ ref: reference, ptoken: portalToken(reference) })}`;
  return {
    view: `${localizedPath(toLocale(locale), `/invoice/${encodeURIComponent(invoice.id)}`)}${q}`,
    pay: `${localizedPath(toLocale(locale), `/pay-invoice/${encodeURIComponent(invoice.id)}`)}${q}`,
  };
}
