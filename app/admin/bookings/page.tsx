import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireStaffPage } from '@/lib/auth/staff';
import { db } from '@/lib/db';
import { formatTHB } from '@/lib/format/money';
import { BookingStatus, PaymentMethod, PaymentStatus } from '@/generated/prisma/enums';
import { bookingFiltersSchema, searchBookings } from '@/lib/admin/bookings';
import { Badge, Card, inputClass, PageTitle, Pager, statusTone, Table, Td } from '../_components/ui';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.bookings'))('title') };
}

/** All bookings: search by reference, name, email or phone; filter by status, method and dates; paged on the server. */
export default async function BookingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaffPage('staff');
  const [t, ts, locale] = await Promise.all([getTranslations('admin.bookings'), getTranslations('admin.dashboard'), getLocale()]);
  const raw = await searchParams;
  const filters = bookingFiltersSchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
  const { rows, total, pages } = await searchBookings(db, filters);
  const query = (page: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...filters, page })) if (v !== undefined && v !== '') q.set(k, String(v));
    return `/admin/bookings?${q}`;
  };
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card>
        <form method="get" className="grid gap-3 md:grid-cols-7" role="search">
          <label className="text-sm md:col-span-2">
            <span className="mb-1 block font-medium">{t('search')}</span>
            <input name="q" defaultValue={filters.q} placeholder={t('searchHint')} className={inputClass} />
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t('status')}</span>
            <select name="status" defaultValue={filters.status ?? ''} className={inputClass}>
              <option value="">{t('any')}</option>
              {Object.values(BookingStatus).map((s) => (
                <option key={s} value={s}>{ts(`bookingStatus.${s}`)}</option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t('payment')}</span>
            <select name="payment" defaultValue={filters.payment ?? ''} className={inputClass}>
              <option value="">{t('any')}</option>
              {Object.values(PaymentStatus).map((s) => (
                <option key={s} value={s}>{ts(`paymentStatus.${s}`)}</option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t('method')}</span>
            <select name="method" defaultValue={filters.method ?? ''} className={inputClass}>
              <option value="">{t('any')}</option>
              {Object.values(PaymentMethod).map((m) => (
                <option key={m} value={m}>{ts(`method.${m}`)}</option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t('from')}</span>
            <input type="date" name="from" defaultValue={filters.from} className={inputClass} />
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t('to')}</span>
            <input type="date" name="to" defaultValue={filters.to} className={inputClass} />
          </label>
          <div className="md:col-span-7">
            <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white">{t('apply')}</button>
            <Link href="/admin/bookings" className="ml-3 text-sm underline">{t('clear')}</Link>
          </div>
        </form>
      </Card>
      <p className="my-3 text-sm text-slate-700">{t('count', { count: total })}</p>
      <Card>
        <Table cards head={[ts('reference'), ts('customer'), t('contact'), ts('type'), ts('unit'), t('start'), t('status'), t('payment'), ts('amount'), t('created')]}>
          {rows.map((b) => (
            <tr key={b.id}>
              <Td label={ts('reference')}>
                <Link href={`/admin/booking-review/${b.id}`} className="font-mono text-brand-800 underline">{b.reference}</Link>
              </Td>
              <Td label={ts('customer')}>{`${b.customer.firstName} ${b.customer.lastName}`}{b.customer.companyName ? <span className="block text-xs text-slate-600">{b.customer.companyName}</span> : null}</Td>
              <Td label={t('contact')}><span className="block">{b.customer.email}</span><span className="block text-xs text-slate-600">{b.customer.phone}</span></Td>
              <Td label={ts('type')}>{b.unitType.code.toUpperCase()}</Td>
              <Td label={ts('unit')}>{b.unit?.number ?? '—'}</Td>
              <Td label={t('start')}>{b.startDate.toISOString().slice(0, 10)}</Td>
              <Td label={t('status')}><Badge tone={statusTone(b.status)}>{ts(`bookingStatus.${b.status}`)}</Badge></Td>
              <Td label={t('payment')}><Badge tone={statusTone(b.paymentStatus)}>{ts(`paymentStatus.${b.paymentStatus}`)}</Badge><span className="block text-xs text-slate-600">{ts(`method.${b.paymentMethod}`)}</span></Td>
              <Td label={ts('amount')}>{formatTHB(b.totalDueToday, locale)}</Td>
              <Td label={t('created')}>{b.createdAt.toLocaleDateString(locale, { timeZone: 'Asia/Bangkok' })}</Td>
            </tr>
          ))}
        </Table>
        <Pager page={filters.page} pages={pages} href={query} labels={{ previous: t('previous'), next: t('next'), page: t('pages') }} />
      </Card>
    </>
  );
}
