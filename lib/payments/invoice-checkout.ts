import 'server-only';
import { failPayment } from '@/lib/payments/ledger/settle';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { invoiceUrl } from '@/lib/invoices/access';
import { translator } from '@/lib/i18n/translator';
import { log } from '@/lib/log';

/** Stripe keeps a Checkout session open 30 minutes at least; an invoice's session lives this long. */
export const INVOICE_SESSION_MS = 45 * 60 * 1000;

const STRIPE_LOCALES = { en: 'en', th: 'th', ru: 'ru' } as const;

export type InvoiceCheckoutResult = { ok: true; url: string } | { ok: false; error: 'not_open' | 'payment' };

/**
 * Card or PromptPay for an open invoice through Stripe Checkout. The amount is our invoice's total, never anything
 * the browser sent. The Payment row is written before the browser leaves; an open session for the same invoice and
 * method is reused, so pressing the button twice never opens two charges. Card saves the card for the next renewals.
 */
export async function startInvoiceCheckout(
  db: Db,
  stripe: Stripe,
  req: { invoiceId: string; method: 'card' | 'promptpay'; locale: Locale; now?: Date },
): Promise<InvoiceCheckoutResult> {
  const now = req.now ?? new Date();
  const invoice = await db.invoice.findUnique({ where: { id: req.invoiceId }, include: { booking: { include: { customer: true } } } });
  if (!invoice || invoice.status !== 'open' || invoice.totalSatang <= 0) return { ok: false, error: 'not_open' };
  const reusable = await db.payment.findFirst({
    where: { invoiceId: invoice.id, method: req.method, provider: 'stripe', status: 'pending_payment', checkoutUrl: { not: null }, createdAt: { gt: new Date(now.getTime() - INVOICE_SESSION_MS + 5 * 60_000) } },
    orderBy: { createdAt: 'desc' },
  });
  if (reusable?.checkoutUrl) return { ok: true, url: reusable.checkoutUrl };

  const payment = await db.payment.create({
    data: { bookingId: invoice.bookingId, invoiceId: invoice.id, method: req.method, status: 'pending_payment', amountSatang: invoice.totalSatang, provider: 'stripe' },
  });
  const t = translator(req.locale, 'payment');
  const customer = invoice.booking.customer;
  const metadata = { invoiceId: invoice.id, paymentId: payment.id, bookingId: invoice.bookingId, bookingReference: invoice.booking.reference, purpose: 'invoice' };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'payment',
    currency: 'thb',
    client_reference_id: invoice.number,
    locale: STRIPE_LOCALES[req.locale] ?? 'auto',
    line_items: [{ quantity: 1, price_data: { currency: 'thb', unit_amount: invoice.totalSatang, product_data: { name: t('stripeLine', { number: invoice.number }) } } }],
    // Stripe fills in {CHECKOUT_SESSION_ID}; it must reach it unencoded.
    success_url: `${invoiceUrl(req.locale, invoice.id, 'success')}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: invoiceUrl(req.locale, invoice.id, 'cancelled'),
    expires_at: Math.floor((now.getTime() + INVOICE_SESSION_MS) / 1000),
    metadata,
    payment_intent_data: { metadata },
  };
  if (req.method === 'card') {
    params.allowed_payment_method_types = ['card'];
    params.payment_intent_data = { ...params.payment_intent_data, setup_future_usage: 'off_session' };
    if (customer.stripeCustomerId) params.customer = customer.stripeCustomerId;
    else {
      params.customer_creation = 'always';
      params.customer_email = customer.email;
    }
  } else {
    params.allowed_payment_method_types = ['promptpay'];
    params.customer_email = customer.email;
  }
  try {
    const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `invoice-checkout-${payment.id}` });
    if (!session.url) throw new Error('stripe: checkout session has no url');
    await db.payment.update({ where: { id: payment.id }, data: { providerSessionId: session.id, checkoutUrl: session.url } });
    return { ok: true, url: session.url };
  } catch (error) {
    log.error({ err: error, invoice: invoice.number }, 'payments: invoice checkout session failed');
    await db.$transaction((tx) => failPayment(tx, payment.id, { status: 'failed', message: 'checkout session could not be created' }));
    return { ok: false, error: 'payment' };
  }
}
