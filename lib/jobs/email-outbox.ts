import 'server-only';
import type { Db } from '@/lib/db';
import { defaultTransport, EMAIL_DELIVER, type EmailTransport } from '@/lib/platform/mail/send';
import { deliverEmailTask, deliverQueuedWith, type Composers } from '@/lib/platform/mail/outbox';
import { handle } from '@/lib/platform/tasks/worker';
import { BOOKING_CONFIRMATION_COMPOSERS } from '@/lib/booking/confirmation-email';
import { RENT_CHANGE_COMPOSERS } from '@/lib/billing/rent-change-email';
import { ACCESS_COMPOSERS } from '@/lib/gate/access-emails';
import { INVOICE_COMPOSERS } from '@/lib/invoices/emails';

/**
 * Every email a transaction may queue without its text (lib/platform/mail/outbox.ts), by template, from the domain
 * that owns it. The `email.deliver` task and staff's resend deliver through these; a writer that queued its own email
 * may deliver it with its domain's composers alone.
 */
const COMPOSERS: Composers = { ...BOOKING_CONFIRMATION_COMPOSERS, ...RENT_CHANGE_COMPOSERS, ...ACCESS_COMPOSERS, ...INVOICE_COMPOSERS };

/** Delivers one queued email now, if nobody else is (the writer calls it after its answer). */
export function deliverQueued(db: Db, dedupeKey: string, transport: EmailTransport = defaultTransport()) {
  return deliverQueuedWith(db, dedupeKey, COMPOSERS, transport);
}

/** Task `email.deliver`: composes a queued email if it has no text yet, then delivers it. */
export const EMAIL_DELIVER_HANDLER = handle(EMAIL_DELIVER, (db, { dedupeKey }) => deliverEmailTask(db, dedupeKey, COMPOSERS));
