import 'server-only';
import type Stripe from 'stripe';
import { recordAudit } from '@/lib/audit';
import { releaseReservation } from '@/lib/booking/holds';
import { failPayment, settlePayment } from '@/lib/payments/ledger/settle';
import { restoreOfferIn, leaveWaitingList } from '@/lib/billing/waiting-list-offers';
import { log } from '@/lib/log';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { applyReplacedCard } from '@/lib/payments/stripe/card-replacement';
import { refundPaidWithoutUnit } from './refund-without-unit';
import { afterSettled, claimEvent, idOf, paymentForSession, type HandlerResult, type StripeEventHandler } from './shared';

/**
 * checkout.session.completed and checkout.session.async_payment_succeeded: the payment is settled (its invoice paid,
 * a reserved booking confirmed) when Stripe says it is paid and the amount is the one our invoice asked for.
 */
export const onSessionPaid: StripeEventHandler = async (db, event, { now }) => {
  const session = event.data.object as Stripe.Checkout.Session;
  // A card replaced from the portal (setup mode): no payment, the new card becomes the default for renewals.
  if (session.mode === 'setup') return onCardReplaced(db, event, session);
  const result = await db.$transaction(async (tx): Promise<HandlerResult> => {
    if (!(await claimEvent(tx, event))) return { outcome: 'duplicate' };
    const payment = await paymentForSession(tx, session);
    if (!payment) return { outcome: 'unknown_session' };
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
      // Delayed methods finish later with checkout.session.async_payment_succeeded.
      return { outcome: 'ignored' };
    }
    // Never settle on the event's word alone: our invoice says what was owed, in baht (an amount in another currency
    // is not the same money, whatever its number).
    const wrongAmount = typeof session.amount_total === 'number' && session.amount_total !== payment.amountSatang;
    const wrongCurrency = typeof session.currency === 'string' && session.currency.toLowerCase() !== 'thb';
    if (wrongAmount || wrongCurrency) {
      log.error({ session: session.id, paid: session.amount_total, currency: session.currency, owed: payment.amountSatang }, 'stripe: paid amount differs from the invoice');
      await recordAudit(tx, { actor: null, action: 'payment.amount_mismatch', entity: 'payment', entityId: payment.id, after: { paid: session.amount_total, currency: session.currency, owed: payment.amountSatang }, note: 'needs staff attention' });
      return { outcome: 'ignored' };
    }
    const customerId = idOf(session.customer as string | Stripe.Customer | null);
    if (customerId) {
      // The card saved at checkout (setup_future_usage) pays the monthly renewals off-session.
      const booking = await tx.booking.findUniqueOrThrow({ where: { id: payment.bookingId }, select: { customerId: true } });
      await tx.customer.update({ where: { id: booking.customerId }, data: { stripeCustomerId: customerId } });
    }
    const settled = await settlePayment(tx, payment.id, { now, providerPaymentId: idOf(session.payment_intent as string | null), providerSessionId: session.id });
    // Booked when only the reserve was free, and every unit went to earlier payments: the money goes back at once.
    if (settled.noUnit) return { outcome: 'processed', after: () => refundPaidWithoutUnit(db, payment.id) };
    const after = await afterSettled(db, tx, settled);
    // Booked through a waiting-list offer: paid, the person leaves the list now (a failed checkout kept the offer).
    const booking = await tx.booking.findUniqueOrThrow({ where: { id: payment.bookingId }, select: { unitTypeId: true, customer: { select: { email: true } } } });
    const entry = await tx.waitingListEntry.findFirst({ where: { email: booking.customer.email.trim().toLowerCase(), unitTypeId: booking.unitTypeId, offers: { some: { status: 'accepted' } } }, select: { id: true } });
    return {
      outcome: 'processed',
      after: async () => {
        await after?.();
        if (entry) await leaveWaitingList(db, entry.id);
      },
    };
  });
  return result;
};

async function onCardReplaced(db: Parameters<StripeEventHandler>[0], event: Stripe.Event, session: Stripe.Checkout.Session): Promise<HandlerResult> {
  const stripe = createStripeClient();
  if (!stripe) return { outcome: 'ignored' };
  if (!(await db.$transaction((tx) => claimEvent(tx, event)))) return { outcome: 'duplicate' };
  return { outcome: await applyReplacedCard(db, stripe, session) };
}

async function endSession(db: Parameters<StripeEventHandler>[0], event: Stripe.Event, now: Date, status: 'expired' | 'failed'): Promise<HandlerResult> {
  const session = event.data.object as Stripe.Checkout.Session;
  const outcome = await db.$transaction(async (tx) => {
    if (!(await claimEvent(tx, event))) return 'duplicate' as const;
    const payment = await paymentForSession(tx, session);
    if (!payment) return 'unknown_session' as const;
    await failPayment(tx, payment.id, { status, message: status === 'failed' ? 'asynchronous payment failed' : null });
    const invoice = payment.invoiceId ? await tx.invoice.findUnique({ where: { id: payment.invoiceId }, select: { kind: true } }) : null;
    // A booking's first checkout holds its unit; when that checkout ends unpaid the unit goes back. A later invoice's
    // checkout ending just leaves the invoice open for another try.
    if (invoice && invoice.kind !== 'initial') return 'processed' as const;
    const booking = await tx.booking.findUniqueOrThrow({ where: { id: payment.bookingId }, select: { unitId: true, unitTypeId: true, customer: { select: { email: true } } } });
    // The unit goes to the next in line (a task of this transaction, run once it commits), unless the checkout was
    // made through a waiting-list offer: a failed one keeps the offer (issue 38), and the unit is held for that person
    // again, here, before the offer task can find it free.
    const r = await releaseReservation(tx, payment.bookingId, now, 'expired', { offerToWaitingList: true });
    if (r) await restoreOfferIn(tx, { email: booking.customer.email, unitTypeId: booking.unitTypeId }, r.unitReleased ? booking.unitId : null, now);
    return 'processed' as const;
  });
  return { outcome };
}

/** checkout.session.expired: the attempt expired; a first checkout releases its unit to the waiting list. */
export const onSessionExpired: StripeEventHandler = (db, event, { now }) => endSession(db, event, now, 'expired');

/** checkout.session.async_payment_failed: as expired, with the payment marked failed. */
export const onSessionFailed: StripeEventHandler = (db, event, { now }) => endSession(db, event, now, 'failed');
