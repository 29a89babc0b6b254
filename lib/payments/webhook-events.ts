import 'server-only';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import { onSessionExpired, onSessionFailed, onSessionPaid } from './stripe-events/checkout-session';
import { onIntentFailed, onIntentSucceeded } from './stripe-events/payment-intent';
import { onChargeRefunded, onRefund } from './stripe-events/refunds';
import type { StripeEventHandler, WebhookOutcome } from './stripe-events/shared';

export type { WebhookOutcome } from './stripe-events/shared';

/** Every Stripe event we act on, each with its handler (one file per kind of object in stripe-events/). */
export const STRIPE_EVENT_HANDLERS: Record<string, StripeEventHandler> = {
  'checkout.session.completed': onSessionPaid,
  'checkout.session.async_payment_succeeded': onSessionPaid,
  'checkout.session.async_payment_failed': onSessionFailed,
  'checkout.session.expired': onSessionExpired,
  'payment_intent.succeeded': onIntentSucceeded,
  'payment_intent.payment_failed': onIntentFailed,
  'charge.refunded': onChargeRefunded,
  'refund.created': onRefund,
  'refund.updated': onRefund,
};

/**
 * Runs the event's handler: its effects and the event id commit in one transaction (a replay is a 'duplicate'), then
 * its emails are sent. Events we do not handle are acknowledged and ignored.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event, now: Date = new Date()): Promise<WebhookOutcome> {
  const handler = Object.hasOwn(STRIPE_EVENT_HANDLERS, event.type) ? STRIPE_EVENT_HANDLERS[event.type] : undefined;
  if (!handler) return 'ignored';
  const result = await handler(db, event, { now });
  if (result.after) {
    await result.after().catch((error: unknown) => log.error({ err: error, event: event.id }, 'stripe: follow-up after the webhook failed'));
  }
  return result.outcome;
}
