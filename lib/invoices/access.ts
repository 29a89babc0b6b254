import 'server-only';
import type { Db } from '@/lib/db';
import { portalToken, verifyPortalToken } from '@/lib/platform/link-signing';
import { localizedPath, type Locale } from '@/lib/i18n/routing';
import { env } from '@/lib/env';

/**
 * Invoice links are signed with the portal's HMAC (lib/platform/link-signing.ts) over `invoice:<id>`, a name no booking
 * reference can take, so one signer serves both and a guessed invoice id opens nothing.
 */
export function invoiceToken(invoiceId: string): string {
  return portalToken(`invoice:${invoiceId}`);
}

/** `revokedAt`: the booking's links were revoked by staff (docs/product-rules.md#holds, "Links in emails"). */
export function verifyInvoiceToken(invoiceId: string, token: string | null | undefined, revokedAt?: Date | null): boolean {
  return verifyPortalToken(`invoice:${invoiceId}`, token, { revokedAt });
}

/** The invoice's own signed link, checked against its booking's revocation (the payment forms' check). */
export async function invoiceLinkValid(db: Db, invoiceId: string, token: string | null | undefined): Promise<boolean> {
  const invoice = await db.invoice.findUnique({ where: { id: invoiceId }, select: { booking: { select: { linksRevokedAt: true } } } });
  return Boolean(invoice && verifyInvoiceToken(invoiceId, token, invoice.booking.linksRevokedAt));
}

export type InvoicePage = 'invoice' | 'pay' | 'promptpay' | 'crypto' | 'instructions' | 'success' | 'cancelled';

const PATHS: Record<InvoicePage, (id: string) => string> = {
  invoice: (id) => `/invoice/${id}`,
  pay: (id) => `/pay-invoice/${id}`,
  promptpay: (id) => `/payment/promptpay/${id}`,
  crypto: (id) => `/payment/crypto/${id}`,
  instructions: () => '/payment-instructions',
  success: () => '/payment-success',
  cancelled: () => '/payment-cancelled',
};

/** A signed, localized path to one of the invoice's pages: `/th/pay-invoice/{id}?token=…`. */
export function invoicePath(locale: Locale, invoiceId: string, page: InvoicePage = 'invoice', extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ ...(PATHS[page](invoiceId).includes(invoiceId) ? {} : { invoice: invoiceId }), token: invoiceToken(invoiceId), ...extra });
  return `${localizedPath(locale, PATHS[page](invoiceId))}?${q}`;
}

/** The same as an absolute address for emails and Stripe's return addresses. */
export function invoiceUrl(locale: Locale, invoiceId: string, page: InvoicePage = 'invoice', extra: Record<string, string> = {}): string {
  return `${env().SITE_URL}${invoicePath(locale, invoiceId, page, extra)}`;
}

/** The PDF of the invoice (a route handler, language of the labels beside Thai). */
export function invoicePdfPath(locale: Locale, invoiceId: string): string {
  return `/api/invoices/${invoiceId}/pdf?${new URLSearchParams({ token: invoiceToken(invoiceId), lang: locale })}`;
}

/** What a request brings to prove it may see an invoice. */
export interface InvoiceCredentials {
  /** the invoice's own signed token */
  token?: string | null;
  /** or the booking reference and its portal token (links from the customer's portal) */
  reference?: string | null;
  portalToken?: string | null;
  /** or a signed-in staff member */
  staff?: boolean;
}

export function mayViewInvoice(invoice: { id: string; booking: { reference: string; linksRevokedAt: Date | null } }, c: InvoiceCredentials): boolean {
  if (c.staff) return true;
  const revokedAt = invoice.booking.linksRevokedAt;
  if (verifyInvoiceToken(invoice.id, c.token, revokedAt)) return true;
  return Boolean(c.reference && c.reference === invoice.booking.reference && verifyPortalToken(c.reference, c.portalToken, { revokedAt }));
}

/** The PDF of one of the invoice's credit notes: opened with the same links as the invoice it corrects. */
export function creditNotePdfPath(locale: Locale, invoiceId: string, noteId: string): string {
  return `/api/invoices/${invoiceId}/credit-notes/${noteId}/pdf?${new URLSearchParams({ token: invoiceToken(invoiceId), lang: locale })}`;
}
