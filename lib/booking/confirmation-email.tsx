import 'server-only';
import type { Db } from '@/lib/db';
import { Prisma } from '@/generated/prisma/client';
import { localizedPath, toLocale } from '@/lib/i18n/routing';
import { approvedTranslator } from '@/lib/i18n/overrides';
import { getSettings } from '@/lib/settings';
import { officeHoursText } from '@/lib/settings/office-hours';
import { signedPortalUrl } from '@/lib/booking/portal-link';
import { awaitsHoldConfirmation, holdConfirmationToken } from '@/lib/booking/hold-confirmation';
import { isOnlineMethod } from '@/lib/booking/payment-methods';
import { visibleUnitNumber } from '@/lib/booking/unit-number';
import { onReserve, REFUND_ARRIVAL_DAYS, reserveOpenUntil } from '@/lib/booking/no-unit';
import { unitTypeName } from '@/lib/units/listing';
import { formatTHB } from '@/lib/format/money';
import { formatBangkokDateTime } from '@/lib/dates/bangkok';
import type { ConfirmationSummary } from '@/lib/booking/snapshot';
import { BookingConfirmationEmail, confirmationFormats, howToPayFor } from '@/emails/booking-confirmation-email';
import { emailFooter } from '@/lib/email/site';
import { siteBase } from '@/lib/platform/site-url';
import { renderAndSend, type EmailTransport } from '@/lib/platform/mail/send';
import { deliverQueuedWith, type Composers } from '@/lib/platform/mail/outbox';
import { addressProvenSql, spendAddressBudget } from '@/lib/email/address-budget';
import { log } from '@/lib/log';
import { batchRead } from '@/lib/platform/tasks/batch-reads';

/**
 * The booking confirmation (once per booking): sent at creation for cash, bank transfer and crypto, and when the
 * checkout completes for card and PromptPay. Rendered from the stored snapshot, so it shows exactly what was booked.
 */
export async function sendBookingConfirmation(db: Db, bookingId: string, transport?: EmailTransport) {
  const composed = await composeBookingConfirmation(db, bookingId);
  if (!composed) return { id: null, status: 'suppressed' as const };
  return renderAndSend(
    db,
    composed.element,
    { dedupeKey: `booking_confirmation:${bookingId}`, template: 'booking_confirmation', locale: composed.locale, to: composed.to, subject: composed.subject, bookingId },
    transport,
  );
}

/**
 * The confirmation's element, recipient and subject (null: not to be sent now). Used by sendBookingConfirmation and by
 * the outbox (lib/platform/mail/outbox.ts) for a confirmation its booking's transaction queued.
 */
export async function composeBookingConfirmation(db: Db, bookingId: string) {
  const booking = await db.booking.findUniqueOrThrow({
    where: { id: bookingId },
    // The signed agreement's text is the largest column of a booking and the email does not show it.
    omit: { agreementText: true },
  });
  // The snapshot, with whether its address proved itself (lib/email/address-budget.ts) in the same statement: one
  // round trip where Prisma's include and the proof's read were two (docs/performance.md, "Booking submits").
  const [snapshot] = await db.$queryRaw<{ payload: unknown; proven: boolean }[]>`
    SELECT s.payload, ${addressProvenSql(Prisma.sql`lower(btrim(s.payload #>> '{customer,email}'))`)} AS proven
    FROM booking_snapshots s WHERE s.booking_id = ${bookingId}`;
  if (!snapshot) throw new Error(`booking ${bookingId} has no snapshot`);
  const summary = snapshot.payload as ConfirmationSummary;
  // Anyone can type anyone's address into a booking: an unpaid booking's confirmation spends the address's budget
  // (lib/email/address-budget.ts, docs/product-rules.md#holds "Emails"); a paid booking always gets its confirmation.
  if (booking.paymentStatus !== 'paid' && !(await spendAddressBudget(db, summary.customer.email, booking.clientKey, snapshot.proven))) {
    log.warn({ bookingId }, 'booking confirmation: recipient had too many booking emails today, not sent');
    return null;
  }
  const locale = toLocale(booking.locale);
  const t = await approvedTranslator(db, locale, 'emails');
  const th = await approvedTranslator(db, locale, 'holds.email');
  const settings = await batchRead('settings:booking-confirmation', () => getSettings(db, ['bank', 'cryptoWallets', 'cryptoRates', 'contact', 'hours']));
  // The days in the email's words, staff's approved texts included, as its other texts.
  const officeHours = officeHoursText(await approvedTranslator(db, locale, 'officeDays'), locale, settings.hours, 'long');
  const howToPay = howToPayFor(booking.paymentMethod, booking.totalDueToday, { ...settings, officeHours }, locale);

  const confirmed = booking.status === 'confirmed' || booking.status === 'active';
  // The unit and its type are read only when the email shows them (a confirmed booking's unit number, a reserve's
  // type): a new booking's confirmation, the one every submit sends, needs neither (docs/performance.md, submits).
  const unit = confirmed && booking.unitId ? await db.unit.findUnique({ where: { id: booking.unitId }, select: { number: true } }) : null;
  const unitNumber = visibleUnitNumber(booking.status, unit?.number);
  // Accepted on the reserve (docs/product-rules.md#inventory, "Booked on the reserve"): the same words as the success
  // page, so the email never says a unit is held for a booking that holds none.
  const kind = onReserve(booking);
  let reserve: { title: string; body: string; next: string; until: string | null } | null = null;
  if (kind) {
    const tr = await approvedTranslator(db, locale, 'reserveNotice');
    const unitType = unitTypeName(await db.unitType.findUniqueOrThrow({ where: { id: booking.unitTypeId }, select: { name: true, code: true } }), locale);
    const amount = formatTHB(booking.totalDueToday, locale);
    const openUntil = reserveOpenUntil(booking);
    const until = openUntil ? tr('until', { time: formatBangkokDateTime(openUntil, locale) }) : null;
    reserve = { title: tr('title'), body: tr('body', { unitType }), next: tr(kind, { amount, unitType, days: REFUND_ARRIVAL_DAYS }), until };
  }
  const element = (
    <BookingConfirmationEmail
      t={t}
      summary={summary}
      // The 48-hour hold of an offline payment is told until the booking is confirmed.
      fmt={confirmationFormats(summary, locale, booking.createdAt, !confirmed && !reserve && !isOnlineMethod(booking.paymentMethod) ? booking.holdExpiresAt : null)}
      reserve={reserve}
      portalUrl={signedPortalUrl(locale, booking.reference)}
      confirmHold={
        awaitsHoldConfirmation(booking)
          ? {
              url: `${siteBase()}${localizedPath(locale, `/my-booking/${booking.reference}/confirm`)}?token=${holdConfirmationToken(booking.reference)}`,
              title: th('title'),
              body: reserve ? th('bodyReserve') : th('body'),
              button: th('button'),
            }
          : null
      }
      unitNumber={unitNumber}
      footer={await emailFooter(db, t, locale, settings.contact)}
      howToPay={howToPay}
    />
  );
  return { element, locale, to: summary.customer.email, subject: t('confirmation.subject', { reference: booking.reference }) };
}

/** The outbox's composer for a confirmation its booking's transaction queued (lib/platform/mail/outbox.ts). */
export const BOOKING_CONFIRMATION_COMPOSERS: Composers = { booking_confirmation: (db, row) => composeBookingConfirmation(db, row.bookingId!) };

/** Delivers a queued confirmation now, if nobody else is (the writer calls it after its answer). */
export function deliverQueuedConfirmation(db: Db, dedupeKey: string) {
  return deliverQueuedWith(db, dedupeKey, BOOKING_CONFIRMATION_COMPOSERS);
}
