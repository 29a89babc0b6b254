import type { Metadata } from 'next';
import { connection } from 'next/server';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { db } from '@/lib/db';
import { routing, type Locale } from '@/lib/i18n/routing';
import { pickLocalized } from '@/lib/i18n/localized';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate } from '@/lib/dates/bangkok';
import { verifyPortalToken } from '@/lib/booking/portal-token';
import type { ConfirmationSummary } from '@/lib/booking/snapshot';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'bookingSuccess.portal' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

type TermKey = 'm2m' | '3m' | '6m' | '12m';
const TERM_KEY: Record<string, TermKey> = { m2m: 'm2m', m3: '3m', m6: '6m', m12: '12m' };

/** Customer portal reached through the HMAC-signed link in emails; without a valid token it reveals nothing. */
export default async function MyBookingPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale; reference: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale, reference } = await params;
  setRequestLocale(locale);
  await connection();
  const token = (await searchParams).token;
  const t = await getTranslations('bookingSuccess');
  const labels = await getTranslations('emails.labels');
  const lines = await getTranslations('emails.confirmation.lines');

  const valid = typeof token === 'string' && verifyPortalToken(reference, token);
  const booking = valid
    ? await db.booking.findUnique({ where: { reference }, include: { unitType: { select: { name: true, code: true } }, unit: { select: { number: true } }, snapshot: { select: { payload: true } } } })
    : null;

  if (!booking) {
    return (
      <section className="mx-auto max-w-xl px-4 py-12 text-center">
        <h1 className="text-2xl font-bold text-gray-900">{t('portal.invalidLinkTitle')}</h1>
        <p className="mt-3 text-gray-700">{t('portal.invalidLink')}</p>
      </section>
    );
  }

  const confirmed = booking.status === 'confirmed' || booking.status === 'active';
  const summary = booking.snapshot?.payload as unknown as ConfirmationSummary | undefined;
  const money = (thb: number) => formatTHB(thb * 100, locale);
  const li = summary?.lineItems;
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'font-semibold' : ''}`}>
      <dt className={strong ? '' : 'text-gray-700'}>{label}</dt>
      <dd>{value}</dd>
    </div>
  );

  return (
    <section className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-brand-900">{t('portal.title')}</h1>
      <p className="mt-1 font-mono text-xl font-bold tracking-wider text-brand-800">{booking.reference}</p>

      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-gray-200 p-6 text-sm">
        <dt className="text-gray-600">{t('portal.bookingStatus')}</dt>
        <dd className="font-semibold">{t(`portal.statuses.${booking.status}`)}</dd>
        <dt className="text-gray-600">{t('portal.paymentStatus')}</dt>
        <dd className="font-semibold">{t(`portal.paymentStatuses.${booking.paymentStatus}`)}</dd>
        <dt className="text-gray-600">{t('unitType')}</dt>
        <dd className="font-medium">{pickLocalized<string>(booking.unitType.name, locale) ?? booking.unitType.code.toUpperCase()}</dd>
        {confirmed && booking.unit ? (
          <>
            <dt className="text-gray-600">{t('unitNumber')}</dt>
            <dd className="font-medium">{booking.unit.number}</dd>
          </>
        ) : null}
        <dt className="text-gray-600">{t('startDate')}</dt>
        <dd className="font-medium">{formatLongDate(booking.startDate.toISOString().slice(0, 10), locale)}</dd>
        <dt className="text-gray-600">{t('term')}</dt>
        <dd className="font-medium">{labels(`terms.${TERM_KEY[booking.term] ?? 'm2m'}`)}</dd>
        <dt className="text-gray-600">{t('paymentMethod')}</dt>
        <dd className="font-medium">{labels(`methods.${booking.paymentMethod}`)}</dd>
      </dl>

      {li ? (
        <div className="mt-6 rounded-2xl border border-gray-200 p-6 text-sm">
          <h2 className="mb-2 text-lg font-semibold text-gray-900">{t('portal.breakdown')}</h2>
          <dl>
            {row(lines('rent', { months: li.rental.termMonths, rate: money(li.rental.monthlyRateTHB) }), money(li.rental.rentBeforeDiscountsTHB))}
            {li.rental.termDiscountTHB > 0 ? row(lines('termDiscount', { pct: li.rental.commitmentDiscountPct }), `−${money(li.rental.termDiscountTHB)}`) : null}
            {li.rental.firstMonthDiscountTHB > 0 ? row(lines('firstMonthDiscount'), `−${money(li.rental.firstMonthDiscountTHB)}`) : null}
            {li.rental.promoDiscountTHB > 0 ? row(lines('promoDiscount'), `−${money(li.rental.promoDiscountTHB)}`) : null}
            {li.insurance.totalTHB > 0 ? row(lines('insurance'), money(li.insurance.totalTHB)) : null}
            {li.supplies.map((s) => (
              <div key={s.id}>{row(`${s.label} × ${s.qty}`, money(s.lineTotalTHB))}</div>
            ))}
            {row(lines('setupFee'), money(li.fees.setupFeeTHB))}
            {row(lines('securityDeposit'), li.fees.depositWaived ? lines('depositWaived') : money(li.fees.securityDepositTHB))}
            {li.summary.withholdingTaxTHB > 0 ? row(lines('withholdingTax'), `−${money(li.summary.withholdingTaxTHB)}`) : null}
            {row(lines('total'), money(li.summary.totalDueTodayTHB), true)}
          </dl>
          <p className="mt-1 text-xs text-gray-600">{lines('vat', { amount: money(li.summary.vatTHB) })}</p>
        </div>
      ) : null}
    </section>
  );
}
