import 'server-only';
import type { Db } from '@/lib/db';
import { localizedPath, toLocale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import { getSettings } from '@/lib/settings';
import { portalToken } from '@/lib/booking/portal-token';
import { isOnlineMethod } from '@/lib/booking/payment-methods';
import { visibleUnitNumber } from '@/lib/booking/unit-number';
import type { ConfirmationSummary } from '@/lib/booking/snapshot';
import { BookingConfirmationEmail, confirmationFormats, howToPayFor } from '@/emails/booking-confirmation-email';
import { emailFooter, siteBase } from './site';
import { renderAndSend, type EmailTransport } from './send';

export function portalUrl(locale: string, reference: string): string {
  return `${siteBase()}${localizedPath(toLocale(locale), `/my-booking/${reference}`)}?token=${portalToken(reference)}`;
}

/**
 * The booking confirmation (once per booking): sent at creation for cash, bank transfer and crypto, and when the
 * checkout completes for card and PromptPay. Rendered from the stored snapshot, so it shows exactly what was booked.
 */
export async function sendBookingConfirmation(db: Db, bookingId: string, transport?: EmailTransport) {
  const booking = await db.booking.findUniqueOrThrow({
    where: { id: bookingId },
    include: { snapshot: true, unit: { select: { number: true } } },
  });
  if (!booking.snapshot) throw new Error(`booking ${bookingId} has no snapshot`);
  const summary = booking.snapshot.payload as unknown as ConfirmationSummary;
  const locale = toLocale(booking.locale);
  const t = translator(locale, 'emails');
  const settings = await getSettings(db, ['bank', 'cryptoWallets', 'cryptoRates']);
  const howToPay = howToPayFor(booking.paymentMethod, booking.totalDueToday, settings, locale);

  const confirmed = booking.status === 'confirmed' || booking.status === 'active';
  const unitNumber = visibleUnitNumber(booking.status, booking.unit?.number);
  const element = (
    <BookingConfirmationEmail
      t={t}
      summary={summary}
      // The 48-hour hold of an offline payment is told until the booking is confirmed.
      fmt={confirmationFormats(summary, locale, booking.createdAt, !confirmed && !isOnlineMethod(booking.paymentMethod) ? booking.holdExpiresAt : null)}
      portalUrl={portalUrl(locale, booking.reference)}
      unitNumber={unitNumber}
      footer={await emailFooter(db, t, locale)}
      howToPay={howToPay}
    />
  );
  return renderAndSend(
    db,
    element,
    {
      dedupeKey: `booking_confirmation:${booking.id}`,
      template: 'booking_confirmation',
      locale,
      to: summary.customer.email,
      subject: t('confirmation.subject', { reference: booking.reference }),
      bookingId: booking.id,
    },
    transport,
  );
}
