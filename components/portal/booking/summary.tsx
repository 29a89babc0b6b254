import { getTranslations } from 'next-intl/server';
import { unitTypeName } from '@/lib/units/listing';
import { NoUnitNotice } from '@/components/booking/no-unit-notice';
import { ReserveNotice } from '@/components/booking/reserve-notice';
import { onReserve, paidWithoutUnit, reserveOpenUntil } from '@/lib/booking/no-unit';
import { portalFormat, type PortalSectionProps } from './context';

/** The reference, the booking's and the rental's state, the unit, the gate PIN and the terms. */
export async function BookingSummary({ view, locale }: PortalSectionProps) {
  const [t, tl, tm] = await Promise.all([getTranslations('portal'), getTranslations('lifecycle'), getTranslations('moveIn')]);
  const { money, date } = portalFormat(locale);
  const b = view.booking;
  const { gate, state } = view;
  const noUnit = paidWithoutUnit(b);
  const reserve = onReserve(b);
  const unitType = unitTypeName(b.unitType, locale);
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold text-brand-900">{t('booking.title')}</h1>
        <p className="mt-1 font-mono text-xl font-bold tracking-wider text-brand-800">{b.reference}</p>
      </header>
      {/* Paid when no unit of the type was left (docs/product-rules.md#inventory): the same words as the success page and the email. */}
      {noUnit ? <NoUnitNotice refund={noUnit} amountSatang={b.totalDueToday} unitType={unitType} /> : null}
      {/* Booked on the reserve: no unit held yet, said as on the success page (docs/product-rules.md#inventory). */}
      {reserve ? <ReserveNotice kind={reserve} amountSatang={b.totalDueToday} unitType={unitType} until={reserveOpenUntil(b)} /> : null}

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-gray-200 p-6 text-sm">
        <dt className="text-gray-600">{t('booking.status')}</dt>
        <dd className="font-semibold" data-testid="booking-status">{t(`statuses.${b.status}`)}</dd>
        {/* A rental shows its current state (current, overdue, suspended, notice given, ended), not the first payment's. */}
        {state ? (
          <>
            <dt className="text-gray-600">{t('booking.rental')}</dt>
            <dd className={`font-semibold ${state === 'overdue' || state === 'suspended' ? 'text-red-800' : ''}`} data-testid="rental-state">
              {t(`rentalStates.${state}`)}
            </dd>
          </>
        ) : (
          <>
            <dt className="text-gray-600">{t('booking.payment')}</dt>
            <dd className="font-semibold">{t(`paymentStatuses.${b.paymentStatus}`)}</dd>
          </>
        )}
        <dt className="text-gray-600">{t('booking.unitType')}</dt>
        <dd>{unitType}</dd>
        {view.confirmed && b.heldUnit ? (
          <>
            <dt className="text-gray-600">{t('booking.unitNumber')}</dt>
            <dd className="font-semibold">{b.heldUnit.number}</dd>
          </>
        ) : null}
        {gate.kind !== 'none' ? (
          <>
            <dt className="text-gray-600">{t('booking.gatePin')}</dt>
            {gate.kind === 'hidden' ? (
              <dd className="text-red-800">{tl('portal.pinHidden')}</dd>
            ) : view.pin ? (
              <dd className="font-mono font-semibold" data-testid="gate-pin">{view.pin}</dd>
            ) : (
              <dd className="text-gray-700">{tm(gate.kind === 'waiting' && gate.for === 'payment' ? 'portal.pin.waitingPayment' : 'portal.pin.waitingIdentity')}</dd>
            )}
          </>
        ) : null}
        <dt className="text-gray-600">{t('booking.startDate')}</dt>
        <dd>{date(b.startDate)}</dd>
        <dt className="text-gray-600">{t('booking.term')}</dt>
        <dd>{t('booking.months', { months: view.termMonths })}</dd>
        <dt className="text-gray-600">{t('booking.monthlyRate')}</dt>
        <dd>{money(b.monthlyRate)}</dd>
        <dt className="text-gray-600">{t('booking.method')}</dt>
        <dd>{t(`methods.${b.paymentMethod}`)}</dd>
        {b.moveOutDate ? (
          <>
            <dt className="text-gray-600">{t('booking.moveOutDate')}</dt>
            <dd className="font-semibold">{date(b.moveOutDate)}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

/** Suspension (docs/product-rules.md#lifecycle): the PIN is hidden and the portal says why and how to restore access. */
export async function SuspensionAlert({ view, locale }: PortalSectionProps) {
  if (!view.suspended) return null;
  const tl = await getTranslations('lifecycle');
  const { money, bangkokDay } = portalFormat(locale);
  const d = view.booking.delinquency;
  return (
    <section className="rounded-2xl border border-red-300 bg-red-50 p-6" role="alert">
      <h2 className="text-lg font-semibold text-red-900">{tl('portal.suspendedTitle')}</h2>
      <p className="mt-2 text-sm text-red-900">
        {d === 'defaulted'
          ? tl('portal.defaulted')
          : tl(d === 'overlocked' ? 'portal.overlocked' : 'portal.suspended', { date: view.overdueSince ? bangkokDay(view.overdueSince) : '', amount: money(view.overdueSatang) })}
      </p>
    </section>
  );
}
