import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { lineUrl, localizedAddress, whatsappUrl } from '@/lib/settings';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate, formatBangkokDateTime } from '@/lib/dates/bangkok';
import { bookingSuccessView } from '@/lib/booking/success';
import { invoicePath } from '@/lib/invoices/access';
import { HoldConfirmationNotice } from '@/components/booking/hold-confirmation-notice';
import { NoUnitNotice } from '@/components/booking/no-unit-notice';
import { ReserveNotice } from '@/components/booking/reserve-notice';
import { reserveOpenUntil } from '@/lib/booking/no-unit';
import { OFFLINE_HOLD_HOURS } from '@/lib/holds/rules';
import { formatThaiPhone } from '@/lib/format/phone';
import { officeHoursValues } from '@/lib/site-data/site-settings';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'checkout.success' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

type SP = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** After a booking (the one-page checkout lands here): what happens next, and how to reach us. */
export default async function BookingSuccessPage({ params, searchParams }: { params: Promise<{ locale: Locale }>; searchParams: Promise<SP> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const t = await getTranslations('checkout.success');
  const tp = await getTranslations('payment');
  const { booking, initialInvoiceId, contact, hours } = await bookingSuccessView(one(sp.bookingId), one(sp.bookingReference), locale, one(sp.token));
  const contacts = (
    <div className="rounded-2xl border border-gray-200 p-6">
      <h2 className="text-lg font-semibold text-gray-900">{t('contactTitle')}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        <li>
          {t('phone')}: <a className="font-medium text-brand-700 underline" href={`tel:${contact.phoneHref}`}>{contact.phone}</a>
        </li>
        <li>
          WhatsApp: <a className="font-medium text-brand-700 underline" href={whatsappUrl(contact)}>{formatThaiPhone(contact.whatsapp)}</a>
        </li>
        <li>
          LINE: <a className="font-medium text-brand-700 underline" href={lineUrl(contact)}>{contact.line}</a>
        </li>
        <li>
          {t('email')}: <a className="font-medium text-brand-700 underline" href={`mailto:${contact.email}`}>{contact.email}</a>
        </li>
        <li>{t('address')}: {localizedAddress(contact, locale)}</li>
        <li>{t('hours', await officeHoursValues(hours, 'long'))}</li>
      </ul>
    </div>
  );
  if (!booking) {
    return (
      <section className="mx-auto max-w-xl space-y-6 px-4 py-12">
        <h1 className="text-center text-2xl font-bold text-gray-900">{t('notFoundTitle')}</h1>
        <p className="text-center text-gray-700">{t('notFound')}</p>
        {contacts}
      </section>
    );
  }
  const online = booking.paymentMethod === 'card' || booking.paymentMethod === 'promptpay';
  const paid = booking.paymentStatus === 'paid';
  const expired = booking.status === 'expired' || booking.status === 'cancelled';
  // Paid when no unit was left (docs/product-rules.md#inventory): said plainly instead of "paid".
  const noUnit = expired ? null : booking.noUnit;
  // Accepted on the reserve: no unit is held yet, so nothing here says "your unit is held" (docs/product-rules.md#inventory).
  const reserve = expired || noUnit ? null : booking.onReserve;
  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:py-12">
      {online && !paid && !expired && !noUnit && one(sp.session_id) ? <meta httpEquiv="refresh" content="3" /> : null}
      <div className="rounded-2xl border border-brand-100 bg-brand-50 p-6 text-center">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-3 text-sm text-gray-700">{t('reference')}</p>
        <p className="mt-1 font-mono text-2xl font-bold tracking-wider text-brand-800" data-testid="booking-reference">
          {booking.reference}
        </p>
      </div>
      <div role="status" className="rounded-2xl border border-gray-200 p-6">
        <h2 className="text-lg font-semibold text-gray-900">{t('nextTitle')}</h2>
        {noUnit ? (
          <NoUnitNotice refund={noUnit} amountSatang={booking.totalDueToday} unitType={booking.unitTypeName} />
        ) : (
          <p className="mt-2 text-gray-800">
            {expired ? t('expired') : paid ? t('paid') : online ? t('confirming') : t(`next.${booking.paymentMethod as 'bank_transfer' | 'crypto' | 'cash'}`, { amount: formatTHB(booking.totalDueToday, locale), hours: OFFLINE_HOLD_HOURS })}
          </p>
        )}
        {reserve ? (
          <ReserveNotice kind={reserve} amountSatang={booking.totalDueToday} unitType={booking.unitTypeName} until={reserveOpenUntil(booking)} />
        ) : null}
        {!expired && !noUnit && booking.awaitsConfirmation ? <HoldConfirmationNotice email={booking.email} onReserve={Boolean(reserve)} /> : null}
        {!paid && !expired && !noUnit && !reserve && booking.holdExpiresAt && !online ? <p className="mt-2 text-sm text-gray-700">{t('holdUntil', { time: formatBangkokDateTime(booking.holdExpiresAt, locale) })}</p> : null}
        {initialInvoiceId && !expired ? (
          <div className="mt-4 flex flex-wrap gap-3">
            {!paid && !online ? (
              <Link href={invoicePath(locale, initialInvoiceId, 'instructions')} className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
                {tp('instructions.title')}
              </Link>
            ) : null}
            <Link href={invoicePath(locale, initialInvoiceId)} className="inline-block rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50">
              {t('viewInvoice')}
            </Link>
          </div>
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-gray-200 p-6 text-sm">
        <dt className="text-gray-600">{t('unitType')}</dt>
        <dd className="font-medium">{booking.unitTypeName}</dd>
        {booking.unitNumber ? (
          <>
            <dt className="text-gray-600">{t('unitNumber')}</dt>
            <dd className="font-medium">{booking.unitNumber}</dd>
          </>
        ) : null}
        <dt className="text-gray-600">{t('startDate')}</dt>
        <dd className="font-medium">{formatLongDate(booking.startDate, locale)}</dd>
        <dt className="text-gray-600">{t('total')}</dt>
        <dd className="font-semibold">{formatTHB(booking.totalDueToday, locale)}</dd>
      </dl>
      {contacts}
    </section>
  );
}
