import 'server-only';
import { db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { invoiceLinkValid } from '@/lib/invoices/access';
import { loadAuthorizedInvoice } from '@/lib/invoices/load';
import { getSettings, type SettingKey, type SettingValue } from '@/lib/settings';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { startInvoiceCheckout, type InvoiceCheckoutResult } from './invoice-checkout';
import { recordOfflinePayment, type OfflineMethod, type OfflinePaymentResult } from './offline-payments';

/**
 * What an invoice's payment pages do for whoever holds its signed link (app/[locale]/pay-invoice/actions.ts): each
 * command checks the link first (its signature, and that staff have not revoked the booking's links), so a guessed or
 * revoked link changes nothing.
 */
type LinkRefusal = { ok: false; error: 'invalid_link' };

/** Card or PromptPay through Stripe Checkout: the session's address, or why not (no Stripe configured here: `card_unavailable`). */
export async function payInvoiceByLink(req: {
  invoiceId: string;
  token: string;
  method: 'card' | 'promptpay';
  locale: Locale;
}): Promise<InvoiceCheckoutResult | LinkRefusal | { ok: false; error: 'card_unavailable' }> {
  if (!(await invoiceLinkValid(db, req.invoiceId, req.token))) return { ok: false, error: 'invalid_link' };
  const stripe = createStripeClient();
  if (!stripe) return { ok: false, error: 'card_unavailable' };
  return startInvoiceCheckout(db, stripe, { invoiceId: req.invoiceId, method: req.method, locale: req.locale });
}

/** Bank transfer, crypto or the PromptPay QR sent (with the slip when uploaded): a payment for staff to verify. */
export async function recordPaymentByLink(req: { invoiceId: string; token: string; method: OfflineMethod; proofId: string | null }): Promise<OfflinePaymentResult | LinkRefusal> {
  if (!(await invoiceLinkValid(db, req.invoiceId, req.token))) return { ok: false, error: 'invalid_link' };
  return recordOfflinePayment(db, { invoiceId: req.invoiceId, method: req.method, proofId: req.proofId, now: new Date() });
}

/**
 * What a payment page of an invoice link shows (app/[locale]/_invoice/invoice-page.ts): the invoice the link opens, and
 * the settings the page names, read now rather than from the public copy, so a PromptPay ID, wallet or rate staff
 * just saved is the one the customer pays to. Null when the link does not open the invoice.
 */
export async function invoicePageView<const K extends SettingKey>(invoiceId: string, params: Record<string, string | string[] | undefined>, keys: readonly K[]) {
  const invoice = await loadAuthorizedInvoice(db, invoiceId, params);
  if (!invoice) return null;
  return { invoice, settings: keys.length ? await getSettings(db, keys) : ({} as { [P in K]: SettingValue<P> }) };
}
