import 'server-only';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { log } from '@/lib/log';
import { releaseExpiredHolds, remindExpiringHolds } from './holds';
import { expireOffers } from './waiting-list-offers';
import { issueDueRenewals } from './renewals';
import { chargeSavedCards } from './card-charges';
import { sendInvoiceReminders } from './notices';
import { applyDelinquency } from './delinquency';
import { applyDueRentChanges } from './rent-changes';
import { lapseUnpaidPrepayments } from './prepay';

export interface BillingRunOptions {
  now?: Date;
  /** undefined: from the environment; null: no card charges this run */
  stripe?: Stripe | null;
}

/**
 * The billing job (`npm run billing:run`, POST /api/cron/billing). Safe to run twice a day and from two servers at
 * once: every step claims its rows (FOR UPDATE SKIP LOCKED, unique keys) and every email has a dedupe key, so a second
 * run changes nothing.
 */
export async function runBilling(db: Db, opts: BillingRunOptions = {}) {
  const now = opts.now ?? new Date();
  const stripe = opts.stripe === undefined ? createStripeClient() : opts.stripe;
  const holds = await releaseExpiredHolds(db, now);
  const holdReminders = await remindExpiringHolds(db, now);
  const offers = await expireOffers(db, now);
  const rentChanges = await applyDueRentChanges(db, now);
  const prepayments = await lapseUnpaidPrepayments(db, now);
  const renewals = await issueDueRenewals(db, now);
  const cards = await chargeSavedCards(db, now, stripe);
  const reminders = await sendInvoiceReminders(db, now);
  const delinquency = await applyDelinquency(db, now);
  const summary = {
    releasedHolds: holds.released,
    holdReminders: holdReminders.reminded,
    expiredOffers: offers.expired,
    rentChangesApplied: rentChanges.applied,
    prepaymentsLapsed: prepayments.lapsed,
    renewalInvoices: renewals.issued.length,
    cardsCharged: cards.charged,
    cardsFailed: cards.failed,
    // Queued with their invoices (and their email.deliver tasks); the task worker delivers them.
    invoiceEmails: renewals.emailsQueued,
    reminders: reminders.reminders,
    ...delinquency,
  };
  log.info({ job: 'billing', now: now.toISOString(), ...summary }, 'billing: run finished');
  return summary;
}
