import 'server-only';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { releaseReservation } from '@/lib/booking/holds';
import { sendBookingConfirmation } from '@/lib/email/booking-confirmation';
import { notifyWaitingList } from '@/lib/email/waiting-list';

type Tx = Prisma.TransactionClient;
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'unknown_session';

/** Records the event id in the same transaction as its effects, so a replay (or a concurrent duplicate) changes nothing. */
async function claimEvent(tx: Tx, event: Stripe.Event): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO processed_webhook_events (id, provider, type, processed_at)
    VALUES (${event.id}, 'stripe', ${event.type}, now()) ON CONFLICT (id) DO NOTHING`;
  return inserted > 0;
}

async function paymentForSession(tx: Tx, session: Stripe.Checkout.Session) {
  const bySession = await tx.payment.findUnique({ where: { providerSessionId: session.id } });
  if (bySession) return bySession;
  // The session id is stored right after creation; a very fast webhook can beat that write.
  const bookingId = session.metadata?.bookingId;
  if (!bookingId) return null;
  return tx.payment.findFirst({ where: { bookingId, provider: 'stripe' }, orderBy: { createdAt: 'desc' } });
}

/**
 * checkout.session.completed: payment paid, booking confirmed, invoice paid. The unit stays 'reserved' for the
 * booking; staff turn it 'occupied' when the booking becomes active at move-in.
 */
export async function handleCheckoutCompleted(db: Db, event: Stripe.Event, now: Date = new Date()): Promise<WebhookOutcome> {
  const session = event.data.object as Stripe.Checkout.Session;
  const result = await db.$transaction(async (tx): Promise<{ outcome: WebhookOutcome; bookingId?: string }> => {
    if (!(await claimEvent(tx, event))) return { outcome: 'duplicate' };
    const payment = await paymentForSession(tx, session);
    if (!payment) return { outcome: 'unknown_session' };
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
      // Delayed methods finish later with checkout.session.async_payment_succeeded.
      return { outcome: 'ignored' };
    }
    await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${payment.bookingId} FOR UPDATE`;
    const booking = await tx.booking.findUniqueOrThrow({ where: { id: payment.bookingId } });
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    await tx.payment.update({
      where: { id: payment.id },
      data: { status: 'paid', paidAt: now, providerSessionId: session.id, providerPaymentId: paymentIntent },
    });
    if (payment.invoiceId) await tx.invoice.update({ where: { id: payment.invoiceId }, data: { status: 'paid' } });
    if (booking.status === 'reserved') {
      await tx.booking.update({ where: { id: booking.id }, data: { status: 'confirmed', paymentStatus: 'paid', confirmedAt: now, holdExpiresAt: null } });
    } else {
      // Paid after the hold lapsed: the money is recorded; staff see a paid booking that is not confirmed and refund
      // or re-assign it.
      await tx.booking.update({ where: { id: booking.id }, data: { paymentStatus: 'paid' } });
      console.warn(`stripe: booking ${booking.reference} paid while ${booking.status}; needs staff attention`);
    }
    return { outcome: 'processed', bookingId: booking.status === 'reserved' ? booking.id : undefined };
  });
  if (result.bookingId) {
    await sendBookingConfirmation(db, result.bookingId).catch((e) => console.error('stripe: confirmation email failed', e));
  }
  return result.outcome;
}

/** checkout.session.expired: payment and booking expired, unit released, waiting list told. */
export async function handleCheckoutExpired(db: Db, event: Stripe.Event, now: Date = new Date()): Promise<WebhookOutcome> {
  const session = event.data.object as Stripe.Checkout.Session;
  const result = await db.$transaction(async (tx) => {
    if (!(await claimEvent(tx, event))) return { outcome: 'duplicate' as const };
    const payment = await paymentForSession(tx, session);
    if (!payment) return { outcome: 'unknown_session' as const };
    const released = await releaseReservation(tx, payment.bookingId, now, 'expired');
    return { outcome: 'processed' as const, released, bookingId: payment.bookingId };
  });
  if ('released' in result && result.released?.unitReleased) {
    await notifyWaitingList(db, result.released.unitTypeId, `booking:${result.bookingId}`).catch((e) => console.error('stripe: waiting list notice failed', e));
  }
  return result.outcome;
}

export async function handleStripeEvent(db: Db, event: Stripe.Event, now: Date = new Date()): Promise<WebhookOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return handleCheckoutCompleted(db, event, now);
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return handleCheckoutExpired(db, event, now);
    default:
      return 'ignored';
  }
}
