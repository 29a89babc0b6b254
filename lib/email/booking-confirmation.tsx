import 'server-only';
import { render } from '@react-email/render';
import type { Db } from '@/lib/db';
import { cryptoAmounts } from '@/lib/pricing';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { localizedPath } from '@/lib/i18n/routing';
import { getSettings } from '@/lib/settings';
import { asLocale, emailsT } from '@/lib/booking/translator';
import { formatBangkokDateTime } from '@/lib/booking/format';
import { portalToken } from '@/lib/booking/portal-token';
import type { ConfirmationSummary } from '@/lib/booking/snapshot';
import { BookingConfirmationEmail, type BookingConfirmationProps } from '@/emails/booking-confirmation';
import { emailFooter, siteBase } from './site';
import { sendEmail, type EmailTransport } from './send';

export function portalUrl(locale: string, reference: string): string {
  return `${siteBase()}${localizedPath(asLocale(locale), `/my-booking/${reference}`)}?token=${portalToken(reference)}`;
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
  const locale = asLocale(booking.locale);
  const t = emailsT(locale);
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
  const element = (
    <BookingConfirmationEmail
      t={t}
      summary={summary}
      fmt={{
        money: (thb) => formatTHB(thb * 100, locale),
        startDate: formatLongDate(summary.rentalStartDateISO, locale),
        createdAt: formatLongDate(todayInBangkok(booking.createdAt), locale),
        holdUntil: !confirmed && booking.holdExpiresAt && booking.paymentMethod !== 'card' && booking.paymentMethod !== 'promptpay' ? formatBangkokDateTime(booking.holdExpiresAt, locale) : null,
      }}
      portalUrl={portalUrl(locale, booking.reference)}
      unitNumber={confirmed ? (booking.unit?.number ?? null) : null}
      footer={await emailFooter(db, t, locale)}
      howToPay={howToPay}
    />
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return sendEmail(
    db,
    {
      dedupeKey: `booking_confirmation:${booking.id}`,
      template: 'booking_confirmation',
      locale,
      to: summary.customer.email,
      subject: t('confirmation.subject', { reference: booking.reference }),
      html,
      text,
      bookingId: booking.id,
    },
    transport,
  );
}
