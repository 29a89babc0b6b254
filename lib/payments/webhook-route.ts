import 'server-only';
import Stripe from 'stripe';
import { db, type Db } from '@/lib/db';
import { handleStripeEvent } from './webhook-events';
import { env } from '@/lib/env';

/** Verifies Stripe's signature on the raw body, then runs the event's handler. Testable without Next. */
export async function processStripeWebhook(
  db: Db,
  rawBody: string,
  signature: string | null,
  secret: string | undefined,
): Promise<{ status: number; body: Record<string, unknown> }> {
  if (!secret) return { status: 503, body: { error: 'webhook_not_configured' } };
  if (!signature) return { status: 400, body: { error: 'missing_signature' } };
  let event: Stripe.Event;
  try {
    // Verification needs no API key; the client is only a holder for the webhooks helper.
    event = new Stripe(env().STRIPE_SECRET_KEY ?? 'sk_unused', { telemetry: false }).webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    return { status: 400, body: { error: 'invalid_signature' } };
  }
  const outcome = await handleStripeEvent(db, event);
  return { status: 200, body: { received: true, outcome } };
}

/** POST /api/stripe/webhook on the app's database, with the configured signing secret. */
export function answerStripeWebhook(rawBody: string, signature: string | null) {
  return processStripeWebhook(db, rawBody, signature, env().STRIPE_WEBHOOK_SECRET);
}
