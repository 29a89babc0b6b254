import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { pickLocalized } from '@/lib/i18n/localized';
import { formatTHB, intlLocale } from '@/lib/format/money';
import { arrearsByAge, conversionTrend, monthComparison, occupancyPct, occupancyTrend, OVERLOCK_AFTER_DAYS, revenueTrend, workQueues } from '@/lib/admin/dashboard';
import { CONVERSION_WINDOW_DAYS, occupancy, suggestionInputs, waitingByType } from '@/lib/catalog/demand';
import { PROMOTION_DAYS } from '@/lib/catalog/apply-rate-suggestion';
import { RENT_NOTICE_DAYS } from '@/lib/billing/rent-changes';
import { suggestRate } from '@/lib/catalog/rate-suggestions';
import { Badge, Card, PageTitle, Table, Td } from './_components/ui';
import { GateChangesCard } from './_components/gate-changes-card';
import { Chart, ChartFigure } from './_components/charts';
import { ActionForm } from './_components/action-form';
import { applyRateSuggestionAction } from './unit-types/rate-suggestion-actions';
import { ownTwoFactor } from '@/lib/admin/section-reads';
import { adminDates } from '@/lib/dates/admin-dates';
import { formatThaiPhone } from '@/lib/format/phone';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.dashboard'))('title') };
}

const pct = (part: number, whole: number) => (whole ? Math.round(((part) / whole) * 100) : 0);

/** The day's overview: occupancy, this month against last, and the queues that need a person. */
export default async function DashboardPage() {
  const { user, db } = await adminPage('dashboard');
  const [t, locale] = await Promise.all([getTranslations('admin.dashboard'), getLocale()]);
  const tt = await getTranslations('admin.trends');
  const [occ, months, queues, me, occTrend, revenue, arrears, conversion, waiting, inputs] = await Promise.all([
    occupancy(db),
    monthComparison(db),
    workQueues(db),
    ownTwoFactor(db, user.id),
    occupancyTrend(db),
    revenueTrend(db),
    arrearsByAge(db),
    conversionTrend(db),
    waitingByType(db),
    suggestionInputs(db),
  ]);
  const money = (s: number) => formatTHB(s, locale);
  const dates = adminDates(locale);
  const monthLabel = dates.month;
  const baht = (s: number) => money(s);
  // Money charts draw whole baht, so their axis reads ฿0, ฿2K, ฿4K … like the tables beside them (satang there).
  const inBaht = (values: number[]) => values.map((v) => Math.round(v / 100));
  const shortBaht = (b: number) => `฿${new Intl.NumberFormat(intlLocale(locale), { notation: 'compact', maximumFractionDigits: 1 }).format(b)}`;
  const suggestions = inputs.map((i) => ({ ...i, s: suggestRate(i.input) }));
  // The waiting card lists the chart's figures: the types someone waits for, most waiting first.
  const waitingRows = waiting.filter((w) => w.waiting + w.unconfirmed > 0).sort((a, b) => b.waiting + b.unconfirmed - (a.waiting + a.unconfirmed));
  const name = (n: unknown, code: string) => pickLocalized<string>(n, locale) ?? code.toUpperCase();
  const bookingLink = (b: { id: string; reference: string }) => (
    <Link href={`/admin/booking-review/${b.id}`} className="font-mono text-brand-800 underline">
      {b.reference}
    </Link>
  );
  const empty = <p className="px-3 py-2 text-sm text-slate-600">{t('none')}</p>;
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      {user.role === 'admin' && !me?.totpEnabledAt ? (
        <p role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('totpAdvice')}{' '}
          <Link href="/admin/account" className="underline">
            {t('totpLink')}
          </Link>
        </p>
      ) : null}
      <GateChangesCard db={db} />
      <div className="grid gap-4 md:grid-cols-4">
        <Card title={t('revenueThisMonth')}>
          <p className="text-2xl font-bold">{money(months.thisMonth.revenue)}</p>
          <p className="text-sm text-slate-600">{t('lastMonth', { value: money(months.lastMonth.revenue) })}</p>
        </Card>
        <Card title={t('bookingsThisMonth')}>
          <p className="text-2xl font-bold">{months.thisMonth.bookings}</p>
          <p className="text-sm text-slate-600">{t('lastMonth', { value: String(months.lastMonth.bookings) })}</p>
        </Card>
        <Card title={t('occupancy')}>
          <p className="text-2xl font-bold">{pct(occ.overall.occupied + occ.overall.reserved, occ.overall.total)}%</p>
          <p className="text-sm text-slate-600">{t('freeOfTotal', { free: occ.overall.available, total: occ.overall.total })}</p>
        </Card>
        <Card title={t('toVerify')}>
          <p className="text-2xl font-bold">{queues.toVerify.length}</p>
        </Card>
      </div>

      <h2 className="mt-8 mb-3 text-xl font-semibold">{tt('title')}</h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartFigure id="chart-occupancy" title={tt('occupancy')} numbers={tt('numbers')} head={tt('month')} labels={occTrend.months.map(monthLabel)} series={occTrend.types.map((x) => ({ label: name(x.name, x.code), values: x.pct }))} cell={(v) => `${v}%`}>
          <Chart kind="line" labels={occTrend.months.map(monthLabel)} series={occTrend.types.map((x) => ({ label: x.code, values: x.pct }))} max={100} format={(v) => `${v}%`} />
        </ChartFigure>
        <ChartFigure id="chart-revenue" title={tt('revenue')} numbers={tt('numbers')} head={tt('month')} labels={revenue.months.map(monthLabel)} series={[{ label: tt('thisYear'), values: revenue.current }, { label: tt('yearBefore'), values: revenue.previous }]} cell={baht}>
          <Chart kind="bar" labels={revenue.months.map(monthLabel)} series={[{ label: 'current', values: inBaht(revenue.current) }, { label: 'previous', values: inBaht(revenue.previous) }]} format={shortBaht} empty={tt('noData')} />
        </ChartFigure>
        <ChartFigure id="chart-arrears" title={tt('arrears')} numbers={tt('numbers')} head={tt('daysOverdue')} labels={arrears.map((a) => tt(`bucket.${a.bucket}`))} series={[{ label: tt('amountOwed'), values: arrears.map((a) => a.satang) }]} cell={baht} extra={{ label: tt('invoices'), values: arrears.map((a) => a.invoices) }}>
          <Chart kind="bar" labels={arrears.map((a) => tt(`bucket.${a.bucket}`))} series={[{ label: 'owed', values: inBaht(arrears.map((a) => a.satang)) }]} format={shortBaht} empty={tt('noArrears')} />
        </ChartFigure>
        <ChartFigure id="chart-conversion" title={tt('conversion')} numbers={tt('numbers')} head={tt('month')} labels={conversion.months.map(monthLabel)} series={[{ label: tt('starts'), values: conversion.starts }, { label: tt('bookings'), values: conversion.bookings }, { label: tt('movedIn'), values: conversion.movedIn }]} cell={String}>
          <Chart kind="bar" labels={conversion.months.map(monthLabel)} series={[{ label: 's', values: conversion.starts }, { label: 'b', values: conversion.bookings }, { label: 'm', values: conversion.movedIn }]} format={String} empty={tt('noData')} />
        </ChartFigure>
        <ChartFigure id="chart-waiting" title={tt('waiting')} numbers={tt('numbers')} head={tt('type')} labels={waiting.map((w) => name(w.name, w.code))} series={[{ label: tt('waitingCount'), values: waiting.map((w) => w.waiting) }, { label: tt('waitingUnconfirmed'), values: waiting.map((w) => w.unconfirmed) }]} cell={String}>
          <Chart kind="bar" labels={waiting.map((w) => w.code.toUpperCase())} series={[{ label: 'w', values: waiting.map((w) => w.waiting) }, { label: 'u', values: waiting.map((w) => w.unconfirmed) }]} format={String} empty={tt('nobodyWaiting')} />
        </ChartFigure>
      </div>
      <p className="mt-2 text-sm text-slate-600">{tt('startsNote')}</p>

      <Card title={tt('suggestions')} className="mt-6">
        <p className="mb-3 text-sm text-slate-700">{tt('suggestionsIntro', { window: CONVERSION_WINDOW_DAYS, notice: RENT_NOTICE_DAYS })}</p>
        <ul className="divide-y divide-slate-200">
          {suggestions.map(({ code, name: n, baseRate, s }) => (
            <li key={code} className="py-3">
              <h3 className="font-semibold">{name(n, code)}</h3>
              <p className="text-sm text-slate-700">{tt('now', { rate: money(baseRate), occupancy: s.occupancyPct })}</p>
              {s.kind === 'keep' ? (
                <p className="text-sm text-slate-600">{tt('keep')}</p>
              ) : (
                <>
                  <p className="text-sm font-semibold">{s.kind === 'raise' ? tt('raiseTo', { rate: money(s.newRate) }) : tt('promoteAt', { rate: money(s.promoRate), days: PROMOTION_DAYS })}</p>
                  <p className="text-sm text-slate-700">{tt(`reason.${s.reason}`)}</p>
                  {user.role === 'admin' ? (
                    <ActionForm action={applyRateSuggestionAction} submit={tt('apply', { type: name(n, code) })} confirm={s.kind === 'raise' ? tt('applyRaiseQuestion', { days: RENT_NOTICE_DAYS }) : tt('applyPromoQuestion', { days: PROMOTION_DAYS })} className="mt-2">
                      <input type="hidden" name="code" value={code} />
                      <input type="hidden" name="kind" value={s.kind} />
                      <input type="hidden" name="rate" value={s.kind === 'raise' ? s.newRate : s.promoRate} />
                    </ActionForm>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      </Card>

      <Card title={t('occupancyByType')} className="mt-6">
        <Table head={[t('type'), t('total'), t('free'), t('reserved'), t('occupied'), t('maintenance'), t('occupancy')]}>
          {occ.rows.map((r) => (
            <tr key={r.code}>
              <Td>{name(r.name, r.code)}</Td>
              <Td>{r.total}</Td>
              <Td>{r.available}</Td>
              <Td>{r.reserved}</Td>
              <Td>{r.occupied}</Td>
              <Td>{r.maintenance}</Td>
              <Td>{occupancyPct(r)}%</Td>
            </tr>
          ))}
          <tr className="font-semibold">
            <Td>{t('overall')}</Td>
            <Td>{occ.overall.total}</Td>
            <Td>{occ.overall.available}</Td>
            <Td>{occ.overall.reserved}</Td>
            <Td>{occ.overall.occupied}</Td>
            <Td>{occ.overall.maintenance}</Td>
            <Td>{pct(occ.overall.occupied + occ.overall.reserved, occ.overall.total)}%</Td>
          </tr>
        </Table>
      </Card>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card title={t('queue.toVerify')}>
          <Table cards head={[t('reference'), t('customer'), t('payment'), t('holdUntil')]} empty={queues.toVerify.length ? null : empty}>
            {queues.toVerify.map((b) => (
              <tr key={b.id}>
                <Td label={t('reference')}>{bookingLink(b)}</Td>
                <Td label={t('customer')}>{`${b.customer.firstName} ${b.customer.lastName}`}</Td>
                <Td label={t('payment')}>
                  <Badge tone={b.paymentStatus === 'proof_uploaded' ? 'amber' : 'gray'}>{t(`paymentStatus.${b.paymentStatus}`)}</Badge>
                </Td>
                <Td label={t('holdUntil')}>{dates.dateTime(b.holdExpiresAt)}</Td>
              </tr>
            ))}
          </Table>
        </Card>
        <Card title={t('queue.cashToday')}>
          <Table cards head={[t('reference'), t('customer'), t('amount'), t('holdUntil')]} empty={queues.cashToday.length ? null : empty}>
            {queues.cashToday.map((b) => (
              <tr key={b.id}>
                <Td label={t('reference')}>{bookingLink(b)}</Td>
                <Td label={t('customer')}>{`${b.customer.firstName} ${b.customer.lastName} · ${formatThaiPhone(b.customer.phone)}`}</Td>
                <Td label={t('amount')}>{money(b.totalDueToday)}</Td>
                <Td label={t('holdUntil')}>{dates.dateTime(b.holdExpiresAt)}</Td>
              </tr>
            ))}
          </Table>
        </Card>
        <Card title={t('queue.overdue')}>
          <Table cards head={[t('invoice'), t('reference'), t('unit'), t('amount'), t('due')]} empty={queues.overdue.length ? null : empty}>
            {queues.overdue.map((i) => (
              <tr key={i.id}>
                <Td label={t('invoice')} className="font-mono">{i.number}</Td>
                <Td label={t('reference')}>{bookingLink(i.booking)}</Td>
                <Td label={t('unit')}>{i.booking.unit?.number ?? '—'}</Td>
                <Td label={t('amount')}>{money(i.totalSatang)}</Td>
                <Td label={t('due')}>{dates.day(i.dueAt)}</Td>
              </tr>
            ))}
          </Table>
        </Card>
        <Card title={t('queue.toOverlock', { days: OVERLOCK_AFTER_DAYS })}>
          <Table cards head={[t('unit'), t('reference'), t('amount'), t('due')]} empty={queues.toOverlock.length ? null : empty}>
            {queues.toOverlock.map((i) => (
              <tr key={i.id}>
                <Td label={t('unit')} className="font-semibold">{i.booking.unit?.number ?? '—'}</Td>
                <Td label={t('reference')}>{bookingLink(i.booking)}</Td>
                <Td label={t('amount')}>{money(i.totalSatang)}</Td>
                <Td label={t('due')}>{dates.day(i.dueAt)}</Td>
              </tr>
            ))}
          </Table>
        </Card>
        <Card title={t('queue.moveOuts')}>
          <Table cards head={[t('reference'), t('unit'), t('moveOut')]} empty={queues.moveOuts.length ? null : empty}>
            {queues.moveOuts.map((b) => (
              <tr key={b.id}>
                <Td label={t('reference')}>{bookingLink(b)}</Td>
                <Td label={t('unit')}>{b.unit?.number ?? '—'}</Td>
                <Td label={t('moveOut')}>{dates.calendarDay(b.moveOutDate)}</Td>
              </tr>
            ))}
          </Table>
        </Card>
        <Card title={t('queue.waiting')}>
          <Table head={[t('type'), tt('waitingCount'), tt('waitingUnconfirmed'), t('free')]} empty={waitingRows.length ? null : empty}>
            {waitingRows.map((w) => (
              <tr key={w.code}>
                <Td>
                  <Link href="/admin/waiting-list" className="text-brand-800 underline">
                    {name(w.name, w.code)}
                  </Link>
                </Td>
                <Td>{w.waiting}</Td>
                <Td>{w.unconfirmed}</Td>
                <Td>{occ.rows.find((r) => r.code === w.code)?.available ?? 0}</Td>
              </tr>
            ))}
          </Table>
        </Card>
      </div>
    </>
  );
}
