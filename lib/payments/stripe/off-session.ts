import 'server-only';
import Stripe from 'stripe';

export type OffSessionResult =
  | { status: 'succeeded'; paymentIntentId: string }
  | { status: 'processing'; paymentIntentId: string }
  | { status: 'failed'; paymentIntentId: string | null; message: string }
  | { status: 'no_card' };

/**
 * Charges the card a customer saved at checkout, without them present (monthly renewals). The idempotency key is our
 * payment row, so a retried call never charges twice. A decline comes back as 'failed' with Stripe's message; the
 * webhook (payment_intent.*) reports the same outcome and both converge on the payment row.
 */
export async function chargeSavedCard(
  stripe: Stripe,
  req: { stripeCustomerId: string; amountSatang: number; paymentId: string; invoiceId: string; bookingId: string; description: string },
): Promise<OffSessionResult> {
  // The card the customer chose last (a replacement from the portal sets it as default), else the one saved at checkout.
  const customer = await stripe.customers.retrieve(req.stripeCustomerId);
  const chosen = customer.deleted ? null : customer.invoice_settings?.default_payment_method;
  const methods = chosen ? null : await stripe.paymentMethods.list({ customer: req.stripeCustomerId, type: 'card', limit: 1 });
  const card = chosen ? { id: typeof chosen === 'string' ? chosen : chosen.id } : methods?.data[0];
  if (!card) return { status: 'no_card' };
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: req.amountSatang,
        currency: 'thb',
        customer: req.stripeCustomerId,
        payment_method: card.id,
        off_session: true,
        confirm: true,
        description: req.description,
        metadata: { paymentId: req.paymentId, invoiceId: req.invoiceId, bookingId: req.bookingId, purpose: 'renewal' },
      },
      { idempotencyKey: `offsession-${req.paymentId}` },
    );
    if (intent.status === 'succeeded') {
      // Settled only for exactly what the invoice asked, in baht; anything else stays pending for staff (the
      // payment_intent.succeeded webhook refuses it too), never paid on Stripe's word.
      if (intent.amount_received !== req.amountSatang || intent.currency?.toLowerCase() !== 'thb') return { status: 'processing', paymentIntentId: intent.id };
      return { status: 'succeeded', paymentIntentId: intent.id };
    }
    if (intent.status === 'processing') return { status: 'processing', paymentIntentId: intent.id };
    return { status: 'failed', paymentIntentId: intent.id, message: `payment ${intent.status}` };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const pi = (error.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent?.id ?? null;
      return { status: 'failed', paymentIntentId: pi, message: error.message };
    }
    throw error;
  }
}
