import 'server-only';
import crypto from 'node:crypto';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { recordAudit } from '@/lib/audit';
import { log } from '@/lib/log';

/**
 * The customer replaces the card their renewals are charged to (docs/product-rules.md#prices-over-time-prepayment-and-card-retries):
 * Stripe Checkout in setup mode on their Stripe customer; when it completes, the webhook makes the new card the
 * customer's default payment method, which the off-session charges use (lib/payments/stripe/off-session.ts).
 */
export type CardReplacementResult = { ok: true; url: string } | { ok: false; error: 'no_card' | 'card_unavailable' };

const STRIPE_LOCALES = { en: 'en', th: 'th', ru: 'ru' } as const;

export async function startCardReplacement(db: Db, stripe: Stripe | null, req: { bookingId: string; locale: Locale; returnUrl: string }): Promise<CardReplacementResult> {
  const booking = await db.booking.findUniqueOrThrow({ where: { id: req.bookingId }, include: { customer: { select: { id: true, stripeCustomerId: true } } } });
  if (!booking.customer.stripeCustomerId) return { ok: false, error: 'no_card' };
  if (!stripe) return { ok: false, error: 'card_unavailable' };
  const metadata = { purpose: 'card_replacement', bookingId: booking.id, bookingReference: booking.reference };
  const join = req.returnUrl.includes('?') ? '&' : '?';
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'setup',
        currency: 'thb',
        customer: booking.customer.stripeCustomerId,
        allowed_payment_method_types: ['card'],
        locale: STRIPE_LOCALES[req.locale] ?? 'auto',
        client_reference_id: booking.reference,
        success_url: `${req.returnUrl}${join}card=updated`,
        cancel_url: req.returnUrl,
        metadata,
        setup_intent_data: { metadata },
      },
      // nothing is charged: a fresh key per press (the rate limit caps presses)
      { idempotencyKey: `card-replacement-${booking.id}-${crypto.randomUUID()}` },
    );
    if (!session.url) throw new Error('stripe: setup session has no url');
    return { ok: true, url: session.url };
  } catch (error) {
    log.error({ err: error, booking: booking.reference }, 'payments: card replacement session failed');
    return { ok: false, error: 'card_unavailable' };
  }
}

/**
 * checkout.session.completed in setup mode: the card saved by the session becomes the default of the Stripe customer
 * the rental pays with. Replays change nothing (the same card is set again); unknown customers are ignored.
 */
export async function applyReplacedCard(db: Db, stripe: Stripe, session: Stripe.Checkout.Session): Promise<'processed' | 'ignored'> {
  const customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  const setupIntentId = typeof session.setup_intent === 'string' ? session.setup_intent : (session.setup_intent?.id ?? null);
  if (!customerId || !setupIntentId || session.status !== 'complete') return 'ignored';
  const customer = await db.customer.findFirst({ where: { stripeCustomerId: customerId }, select: { id: true } });
  if (!customer) return 'ignored';
  const intent = await stripe.setupIntents.retrieve(setupIntentId);
  const pm = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  if (intent.status !== 'succeeded' || !pm) return 'ignored';
  await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm } });
  await db.$transaction((tx) => recordAudit(tx, { actor: null, action: 'customer.card_replaced', entity: 'customer', entityId: customer.id, after: { bookingId: session.metadata?.bookingId ?? null }, note: 'customer' }));
  return 'processed';
}
