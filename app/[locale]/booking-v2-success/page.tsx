import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import { toLocale, type Locale } from '@/lib/i18n/routing';
import { localizedBank } from '@/lib/settings';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate, formatBangkokDateTime } from '@/lib/dates/bangkok';
import { NoUnitNotice } from '@/components/booking/no-unit-notice';
import { ReserveNotice } from '@/components/booking/reserve-notice';
import { reserveOpenUntil } from '@/lib/booking/no-unit';
import { bookingV2SuccessView } from '@/lib/booking/success';
import { isOnlineMethod } from '@/lib/booking/payment-methods';
import { toBaht } from '@/lib/pricing';
import { gtmId } from '@/lib/analytics/gtm';
import { PurchaseTracker } from '@/components/analytics/purchase-tracker';
import { HoldConfirmationNotice } from '@/components/booking/hold-confirmation-notice';
import { officeHoursValues } from '@/lib/site-data/site-settings';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = toLocale(requested);
  const t = await getTranslations({ locale, namespace: 'bookingSuccess' });
  return { title: t('metaTitle'), description: t('metaDescription'), robots: { index: false, follow: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export default async function BookingSuccessPage({ params, searchParams }: { params: Promise<{ locale: Locale }>; searchParams: SearchParams }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await connection();
  const sp = await searchParams;
  const t = await getTranslations('bookingSuccess');
  const te = await getTranslations('emails.labels');
  const view = await bookingV2SuccessView(one(sp.bookingId), one(sp.bookingReference), locale, one(sp.token));

  if (!view) {
    return (
      <section className="mx-auto max-w-xl px-4 py-12 text-center">
        <h1 className="text-2xl font-bold text-gray-900">{t('notFoundTitle')}</h1>
        <p className="mt-3 text-gray-700">{t('notFoundBody')}</p>
        <Link href="/" className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('backHome')}
        </Link>
      </section>
    );
  }

  const { booking } = view;
  const amount = formatTHB(booking.totalDueToday, locale);
  const online = isOnlineMethod(booking.paymentMethod);
  const paid = booking.paymentStatus === 'paid';
  const expired = booking.status === 'expired' || booking.status === 'cancelled';
  // Paid when no unit was left: the page says so instead of "confirmed" (and stops waiting for a confirmation).
  const noUnit = expired ? null : booking.noUnit;
  const confirming = online && !paid && !expired && !noUnit && Boolean(one(sp.session_id));
  // Accepted on the reserve: no unit is held yet, so nothing here says "your unit is held" (docs/product-rules.md#inventory).
  const reserve = expired || noUnit ? null : booking.onReserve;
  const bank = localizedBank(view.bank, locale);

  return (
    <section className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      {/* Re-check every few seconds while the payment provider's confirmation is on its way; no script needed. */}
      {confirming ? <meta httpEquiv="refresh" content="3" /> : null}
      {/* A sale once the booking stands: paid online, or placed for cash, transfer or crypto. */}
      {gtmId() && !expired && !noUnit && (paid || !online) ? (
        <PurchaseTracker reference={booking.reference} valueBaht={toBaht(booking.totalDueToday)} paymentMethod={booking.paymentMethod} />
      ) : null}
      <div className="rounded-2xl border border-brand-100 bg-brand-50 p-6 text-center">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-4 text-sm text-gray-700">{t('referenceLabel')}</p>
        <p className="mt-1 font-mono text-2xl font-bold tracking-wider text-brand-800" data-testid="booking-reference">
          {booking.reference}
        </p>
        <p className="mt-2 text-sm text-gray-700">{t('keepReference')}</p>
      </div>

      <div className="mt-6 rounded-2xl border border-gray-200 p-6" role="status" aria-live="polite">
        <h2 className="text-lg font-semibold text-gray-900">{t('nextStepsTitle')}</h2>
        {noUnit ? (
          <NoUnitNotice refund={noUnit} amountSatang={booking.totalDueToday} unitType={booking.unitTypeName} />
        ) : expired ? (
          <p className="mt-2 text-red-700">{online ? t('card.expired') : t('expired')}</p>
        ) : online ? (
          paid ? (
            <p className="mt-2 font-medium text-brand-800">{t('card.paid')}</p>
          ) : confirming ? (
            <div className="mt-2">
              <p className="text-gray-800">{t('card.confirming')}</p>
              <a href="" className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
                {t('card.refresh')}
              </a>
            </div>
          ) : (
            <p className="mt-2 text-gray-800">{reserve ? t('card.notPaidReserve') : t('card.notPaid')}</p>
          )
        ) : booking.paymentMethod === 'bank_transfer' ? (
          <div className="mt-2 space-y-3">
            <h3 className="font-semibold text-gray-900">{t('bank.title')}</h3>
            <p className="text-gray-800">{t('bank.body', { amount, reference: booking.reference })}</p>
            {booking.hasProof ? <p className="text-brand-800">{t('bank.proofUploaded')}</p> : null}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-gray-50 p-4 text-sm">
              <dt className="text-gray-600">{t('bank.bankName')}</dt>
              <dd className="font-medium">{bank.bankName}</dd>
              <dt className="text-gray-600">{t('bank.branch')}</dt>
              <dd className="font-medium">{bank.branch}</dd>
              <dt className="text-gray-600">{t('bank.accountName')}</dt>
              <dd className="font-medium">{bank.accountName}</dd>
              <dt className="text-gray-600">{t('bank.accountNumber')}</dt>
              <dd className="font-mono font-medium">{bank.accountNumber}</dd>
              <dt className="text-gray-600">{t('bank.swift')}</dt>
              <dd className="font-mono font-medium">{bank.swift}</dd>
              <dt className="text-gray-600">{t('bank.amount')}</dt>
              <dd className="font-semibold">{amount}</dd>
            </dl>
          </div>
        ) : booking.paymentMethod === 'crypto' ? (
          <div className="mt-2">
            <h3 className="font-semibold text-gray-900">{t('crypto.title')}</h3>
            <p className="mt-1 text-gray-800">{reserve ? t('crypto.bodyReserve') : t('crypto.body')}</p>
          </div>
        ) : (
          <div className="mt-2">
            <h3 className="font-semibold text-gray-900">{t('cash.title')}</h3>
            <p className="mt-1 text-gray-800">{t('cash.body', { amount, reference: booking.reference, ...(await officeHoursValues(view.hours, 'long')) })}</p>
          </div>
        )}
        {reserve ? (
          <ReserveNotice kind={reserve} amountSatang={booking.totalDueToday} unitType={booking.unitTypeName} until={reserveOpenUntil(booking)} />
        ) : null}
        {!expired && !noUnit && booking.awaitsConfirmation ? <HoldConfirmationNotice email={booking.email} onReserve={Boolean(reserve)} /> : null}
        {!online && !expired && !noUnit && !reserve && booking.holdExpiresAt ? (
          <p className="mt-3 text-sm text-gray-700">{t('holdUntil', { time: formatBangkokDateTime(booking.holdExpiresAt, locale) })}</p>
        ) : null}
        {booking.emailSent ? <p className="mt-3 text-sm text-gray-700 [overflow-wrap:anywhere]">{t('emailSent', { email: booking.email })}</p> : null}
      </div>

      <div className="mt-6 rounded-2xl border border-gray-200 p-6">
        <h2 className="text-lg font-semibold text-gray-900">{t('summaryTitle')}</h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
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
          <dt className="text-gray-600">{t('term')}</dt>
          <dd className="font-medium">{te(`terms.${booking.term}`)}</dd>
          <dt className="text-gray-600">{t('paymentMethod')}</dt>
          <dd className="font-medium">{te(`methods.${booking.paymentMethod}`)}</dd>
          <dt className="text-gray-600">{t('totalDueToday')}</dt>
          <dd className="font-semibold">{amount}</dd>
        </dl>
      </div>

      <div className="mt-8 text-center">
        <Link href="/" className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('backHome')}
        </Link>
      </div>
    </section>
  );
}
