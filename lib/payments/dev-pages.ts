import 'server-only';
import { db } from '@/lib/db';
import { getSettings, type SettingKey } from '@/lib/settings';

/**
 * What the spec's development pages read (/payment-method-test, /promptpay-demo, /test-payment-urls; 404 in
 * production: components/payments/dev-only.ts, docs/product-rules.md#site-languages-access).
 */

/** The payment settings as they are now: which methods are configured here, the PromptPay ID, the crypto rates. */
export function devPaymentSettings<const K extends SettingKey>(keys: readonly K[]) {
  return getSettings(db, keys);
}

/** The ten latest invoices with their booking's reference, to open every payment page of each against the fakes. */
export function latestInvoices() {
  return db.invoice.findMany({ orderBy: { issuedAt: 'desc' }, take: 10, include: { booking: { select: { reference: true } } } });
}
