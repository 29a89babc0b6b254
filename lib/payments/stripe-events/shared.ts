import 'server-only';
import { alertNewBooking } from '@/lib/staff-alerts';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import type { SettleResult } from '@/lib/payments/ledger/settle';
import { queueEmail } from '@/lib/platform/mail/outbox';
import { deliverQueuedConfirmation } from '@/lib/booking/confirmation-email';
import { sendPaymentReceived } from '@/lib/invoices/emails';
import { log } from '@/lib/log';

export type Tx = Prisma.TransactionClient;
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'unknown_session' | 'unknown_payment';

export interface HandlerResult {
  outcome: WebhookOutcome;
  /** work after the commit (emails); its failure never fails the webhook */
  after?: () => Promise<unknown>;
}

export type StripeEventHandler = (db: Db, event: Stripe.Event, ctx: { now: Date }) => Promise<HandlerResult>;

/** Records the event id in the same transaction as its effects, so a replay (or a concurrent duplicate) changes nothing. */
export async function claimEvent(tx: Tx, event: Stripe.Event): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO processed_webhook_events (id, provider, type, processed_at)
    VALUES (${event.id}, 'stripe', ${event.type}, now()) ON CONFLICT (id) DO NOTHING`;
  return inserted > 0;
}

export const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));

/** Our payment row for a Checkout session: by the stored session id, else by the ids we put in its metadata. */
export async function paymentForSession(tx: Tx, session: Stripe.Checkout.Session) {
  const bySession = await tx.payment.findUnique({ where: { providerSessionId: session.id } });
  if (bySession) return bySession;
  // The session id is stored right after creation; a very fast webhook can beat that write.
  const paymentId = session.metadata?.paymentId;
  if (paymentId) {
    const byId = await tx.payment.findUnique({ where: { id: paymentId } });
    if (byId) return byId;
  }
  const bookingId = session.metadata?.bookingId;
  if (!bookingId || session.metadata?.invoiceId) return null;
  return tx.payment.findFirst({ where: { bookingId, provider: 'stripe', invoice: { kind: 'initial' } }, orderBy: { createdAt: 'desc' } });
}

/**
 * Emails once a payment is settled: the booking confirmation when it confirmed a booking (written to the outbox in the
 * settling transaction, lib/platform/mail/outbox.ts) and the receipt; both delivered after the commit.
 */
export async function afterSettled(db: Db, tx: Tx, settled: SettleResult, locale?: string): Promise<(() => Promise<unknown>) | undefined> {
  if (settled.status !== 'settled') return undefined;
  const confirmation = settled.confirmedBooking && settled.bookingId ? `booking_confirmation:${settled.bookingId}` : null;
  if (confirmation) {
    const booking = await tx.booking.findUniqueOrThrow({ where: { id: settled.bookingId! }, select: { id: true, locale: true, customer: { select: { email: true } } } });
    await queueEmail(tx, { dedupeKey: confirmation, template: 'booking_confirmation', locale: locale ?? booking.locale, to: booking.customer.email, bookingId: booking.id });
  }
  return async () => {
    if (confirmation) await deliverQueuedConfirmation(db, confirmation).catch((e) => log.error({ err: e }, 'stripe: confirmation email failed'));
    // A card or PromptPay booking is news for staff once it is paid (docs/product-rules.md#staff-alerts).
    if (confirmation && settled.bookingId) await alertNewBooking(db, settled.bookingId);
    await sendPaymentReceived(db, settled.paymentId).catch((e) => log.error({ err: e }, 'stripe: receipt email failed'));
  };
}
