import 'server-only';
import type { Db } from '@/lib/db';
import { cryptoAmounts } from '@/lib/pricing';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { localizedPath, toLocale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import { getSettings } from '@/lib/settings';
import { formatBangkokDateTime } from '@/lib/booking/format';
import { portalToken } from '@/lib/booking/portal-token';
import { isOnlineMethod } from '@/lib/booking/payment-methods';
import { visibleUnitNumber } from '@/lib/booking/unit-number';
import type { ConfirmationSummary } from '@/lib/booking/snapshot';
import { BookingConfirmationEmail, type BookingConfirmationProps } from '@/emails/booking-confirmation-email';
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
  const { bank, cryptoWallets, cryptoRates } = await getSettings(db, ['bank', 'cryptoWallets', 'cryptoRates']);
  const total = formatTHB(booking.totalDueToday, locale);

  let howToPay: BookingConfirmationProps['howToPay'];
  switch (booking.paymentMethod) {
    case 'bank_transfer':
      howToPay = { kind: 'bank', amount: total, bank };
      break;
    case 'crypto': {
      const amounts = cryptoAmounts(booking.totalDueToday, cryptoRates);
      howToPay = {
        kind: 'crypto',
        time: formatBangkokDateTime(new Date(cryptoRates.updatedAt), locale),
        lines: [
          { coin: `USDT (${cryptoWallets.usdtNetwork})`, amount: amounts.usdt, address: cryptoWallets.usdt },
          { coin: 'Bitcoin', amount: amounts.btc, address: cryptoWallets.btc },
        ],
      };
      break;
    }
    case 'cash':
      howToPay = { kind: 'cash', amount: total };
      break;
    default:
      howToPay = { kind: booking.paymentMethod };
  }

  const confirmed = booking.status === 'confirmed' || booking.status === 'active';
  const unitNumber = visibleUnitNumber(booking.status, booking.unit?.number);
  const element = (
    <BookingConfirmationEmail
      t={t}
      summary={summary}
      fmt={{
        money: (thb) => formatTHB(thb * 100, locale),
        startDate: formatLongDate(summary.rentalStartDateISO, locale),
        createdAt: formatLongDate(todayInBangkok(booking.createdAt), locale),
        // The 48-hour hold of an offline payment, until the booking is confirmed.
        holdUntil: !confirmed && booking.holdExpiresAt && !isOnlineMethod(booking.paymentMethod) ? formatBangkokDateTime(booking.holdExpiresAt, locale) : null,
      }}
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
