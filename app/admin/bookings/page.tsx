import type { Metadata } from 'next';
import Link from 'next/link';
import { ListFilters } from '../_components/list-filters';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { BookingStatus, PaymentMethod, PaymentStatus } from '@/generated/prisma/enums';
import { BOOKING_SORT_KEYS, bookingFiltersSchema, bookingSort, searchBookings, type BookingSort } from '@/lib/admin/bookings';
import { flatParams, listHref, sortHeader } from '@/lib/admin/list-query';
import { Badge, Card, PageTitle, Pager, statusTone, Table, Td } from '../_components/ui';
import { adminDates } from '@/lib/dates/admin-dates';
import { formatThaiPhone } from '@/lib/format/phone';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.bookings'))('title') };
}

/** All bookings: search by reference, name, email or phone; filter by status, method and dates; paged on the server. */
export default async function BookingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await adminPage('bookings');
  const [t, ts, tl, locale] = await Promise.all([getTranslations('admin.bookings'), getTranslations('admin.dashboard'), getTranslations('staffTools.lists'), getLocale()]);
  const filters = bookingFiltersSchema.parse(flatParams(await searchParams));
  const { rows, total, totalCapped, pages } = await searchBookings(db, filters);
  const query = (page: number) => listHref('/admin/bookings', { ...filters, page: page > 1 ? page : undefined });
  const current = bookingSort(filters);
  // The columns in order, each with the sort it offers (dates and amounts start with the newest, largest).
  const columns: [string, BookingSort | null][] = [
    [ts('reference'), 'reference'],
    [ts('customer'), 'customer'],
    [t('contact'), null],
    [ts('type'), 'type'],
    [ts('unit'), 'unit'],
    [t('start'), 'start'],
    [t('status'), 'status'],
    [t('payment'), 'payment'],
    [ts('amount'), 'amount'],
    [t('created'), 'created'],
  ];
  const sortLabel = (k: BookingSort) => columns.find(([, key]) => key === k)![0];
  const firstDir = (k: BookingSort) => (k === 'start' || k === 'amount' || k === 'created' ? 'desc' : 'asc');
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card>
        <ListFilters
          gridClassName="sm:grid-cols-2 md:grid-cols-4 lg:grid-cols-9"
          actionsClassName="flex flex-wrap items-center gap-3 sm:col-span-2 md:col-span-4 lg:col-span-9"
          filters={[
            { kind: 'text', name: 'q', label: t('search'), value: filters.q, placeholder: t('searchHint'), wide: true },
            { kind: 'select', name: 'status', label: t('status'), value: filters.status, any: t('any'), options: Object.values(BookingStatus).map((s) => ({ value: s, label: ts(`bookingStatus.${s}`) })) },
            { kind: 'select', name: 'payment', label: t('payment'), value: filters.payment, any: t('any'), options: Object.values(PaymentStatus).map((s) => ({ value: s, label: ts(`paymentStatus.${s}`) })) },
            { kind: 'select', name: 'method', label: t('method'), value: filters.method, any: t('any'), options: Object.values(PaymentMethod).map((m) => ({ value: m, label: ts(`method.${m}`) })) },
            { kind: 'date', name: 'from', label: t('from'), value: filters.from },
            { kind: 'date', name: 'to', label: t('to'), value: filters.to },
          ]}
          sort={{ keys: BOOKING_SORT_KEYS.map((k) => ({ value: k, label: sortLabel(k) })), value: filters.sort, dir: filters.dir }}
          submit={t('apply')}
          clearHref="/admin/bookings"
        />
      </Card>
      <div className="my-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <p>{totalCapped ? t('countMore', { count: total }) : t('count', { count: total })}</p>
        <a href={listHref('/admin/bookings/export', { ...filters, page: undefined })} className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 font-semibold text-brand-800 print:hidden">
          {tl('exportCsv')}
        </a>
      </div>
      <Card className="admin-compact">
        <Table cards head={columns.map(([label]) => label)} sorts={columns.map(([, key]) => (key ? sortHeader('/admin/bookings', filters, key, current, firstDir(key)) : null))}>
          {rows.map((b) => (
            <tr key={b.id}>
              <Td label={ts('reference')}>
                <Link href={`/admin/booking-review/${b.id}`} className="font-mono text-brand-800 underline">{b.reference}</Link>
              </Td>
              <Td label={ts('customer')}>{`${b.customer.firstName} ${b.customer.lastName}`}{b.customer.companyName ? <span className="block text-xs text-slate-600">{b.customer.companyName}</span> : null}</Td>
              <Td label={t('contact')} className="max-w-56"><span className="break-anywhere block">{b.customer.email}</span><span className="block text-xs text-slate-600">{formatThaiPhone(b.customer.phone)}</span></Td>
              <Td label={ts('type')}>{b.unitType.code.toUpperCase()}</Td>
              <Td label={ts('unit')}>{b.unit?.number ?? '—'}</Td>
              <Td label={t('start')}>{adminDates(locale).calendarDay(b.startDate)}</Td>
              <Td label={t('status')}><Badge tone={statusTone(b.status)}>{ts(`bookingStatus.${b.status}`)}</Badge></Td>
              <Td label={t('payment')}><Badge tone={statusTone(b.paymentStatus)}>{ts(`paymentStatus.${b.paymentStatus}`)}</Badge><span className="block text-xs text-slate-600">{ts(`method.${b.paymentMethod}`)}</span></Td>
              <Td label={ts('amount')}>{formatTHB(b.totalDueToday, locale)}</Td>
              <Td label={t('created')}>{adminDates(locale).day(b.createdAt)}</Td>
            </tr>
          ))}
        </Table>
        <Pager page={filters.page} pages={pages} more={totalCapped} href={query} labels={{ previous: t('previous'), next: t('next'), page: t('pages') }} />
      </Card>
    </>
  );
}
