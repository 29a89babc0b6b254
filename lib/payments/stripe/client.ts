import 'server-only';
import Stripe from 'stripe';
import { env, type Env } from '@/lib/env';

export type StripeConfig = { secretKey: string; webhookSecret: string | undefined; apiBase: string | undefined };

export function stripeConfig(config: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'> = env()): StripeConfig | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE };
}

/** A Stripe client, pointed at STRIPE_API_BASE when set (the local fake in tests); null when card payment is off. */
export function createStripeClient(config: StripeConfig | null = stripeConfig()): Stripe | null {
  if (!config) return null;
  if (!config.apiBase) return new Stripe(config.secretKey, { maxNetworkRetries: 1, telemetry: false });
  const base = new URL(config.apiBase);
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
    // A fake or local proxy answers at once; retries would only hide a broken test double.
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

export type CheckoutLine = { name: string; amountSatang: number; quantity: number };

export interface CheckoutRequest {
  method: 'card' | 'promptpay';
  bookingId: string;
  reference: string;
  customerEmail: string;
  locale: string;
  lines: CheckoutLine[];
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

const STRIPE_LOCALES = { en: 'en', th: 'th', ru: 'ru' } as const;

/**
 * One Checkout session per booking. Card saves the card (off-session) on a Stripe customer for monthly auto-pay;
 * PromptPay is a one-time THB payment. The idempotency key makes a retried submit reuse the same session.
 */
export async function createCheckoutSession(stripe: Stripe, req: CheckoutRequest): Promise<{ id: string; url: string }> {
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'payment',
    currency: 'thb',
    client_reference_id: req.reference,
    customer_email: req.customerEmail,
    locale: STRIPE_LOCALES[req.locale as keyof typeof STRIPE_LOCALES] ?? 'auto',
    line_items: req.lines
      .filter((l) => l.amountSatang > 0 && l.quantity > 0)
      .map((l) => ({
        quantity: l.quantity,
        price_data: { currency: 'thb', unit_amount: l.amountSatang, product_data: { name: l.name } },
      })),
    success_url: req.successUrl,
    cancel_url: req.cancelUrl,
    expires_at: Math.floor(req.expiresAt.getTime() / 1000),
    metadata: { bookingId: req.bookingId, bookingReference: req.reference },
    payment_intent_data: { metadata: { bookingId: req.bookingId, bookingReference: req.reference } },
  };
  if (req.method === 'card') {
    params.allowed_payment_method_types = ['card'];
    params.customer_creation = 'always';
    params.payment_intent_data = { ...params.payment_intent_data, setup_future_usage: 'off_session' };
  } else {
    params.allowed_payment_method_types = ['promptpay'];
  }
  const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${req.bookingId}` });
  if (!session.url) throw new Error('stripe: checkout session has no url');
  return { id: session.id, url: session.url };
}
