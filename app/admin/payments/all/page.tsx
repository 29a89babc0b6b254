import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { PaymentMethod, PaymentStatus } from '@/generated/prisma/enums';
import { PAYMENT_SORT_KEYS, paymentFiltersSchema, paymentSort, searchPayments, type PaymentSort } from '@/lib/admin/payment-list';
import { flatParams, listHref, sortHeader } from '@/lib/admin/list-query';
import { Badge, Card, PageTitle, Pager, statusTone, Table, Td } from '../../_components/ui';
import { adminDates } from '@/lib/dates/admin-dates';
import { ListFilters } from '../../_components/list-filters';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staffTools.payments'))('title') };
}

/**
 * Every payment, whatever its state (the queue at /admin/payments holds only those to check): search by booking,
 * invoice, provider reference or name; filter by status, method and Bangkok dates; sorted and paged on the server.
 */
export default async function AllPaymentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await adminPage('payments');
  const [t, tl, tb, ts, locale] = await Promise.all([getTranslations('staffTools.payments'), getTranslations('staffTools.lists'), getTranslations('admin.bookings'), getTranslations('admin.dashboard'), getLocale()]);
  const filters = paymentFiltersSchema.parse(flatParams(await searchParams));
  const { rows, total, pages } = await searchPayments(db, filters);
  const base = '/admin/payments/all';
  const current = paymentSort(filters);
  const columns: [string, PaymentSort | null][] = [
    [t('created'), 'created'],
    [t('booking'), 'booking'],
    [t('customer'), null],
    [t('invoice'), 'invoice'],
    [t('method'), 'method'],
    [t('status'), 'status'],
    [t('amount'), 'amount'],
    [t('paid'), 'paid'],
  ];
  const sortLabel = (k: PaymentSort) => columns.find(([, key]) => key === k)![0];
  const firstDir = (k: PaymentSort) => (k === 'created' || k === 'paid' || k === 'amount' ? 'desc' : 'asc');
  const when = adminDates(locale).dateTime;
  return (
    <>
      <PageTitle actions={<Link href="/admin/payments" className="inline-flex min-h-11 items-center text-sm underline">{t('toCheck')}</Link>}>{t('title')}</PageTitle>
      <Card>
        <ListFilters
          gridClassName="sm:grid-cols-2 md:grid-cols-4 lg:grid-cols-8"
          actionsClassName="flex flex-wrap items-center gap-3 sm:col-span-2 md:col-span-4 lg:col-span-8"
          filters={[
            { kind: 'text', name: 'q', label: tb('search'), value: filters.q, placeholder: t('searchHint'), wide: true },
            { kind: 'select', name: 'status', label: t('status'), value: filters.status, any: tb('any'), options: Object.values(PaymentStatus).map((s) => ({ value: s, label: ts(`paymentStatus.${s}`) })) },
            { kind: 'select', name: 'method', label: t('method'), value: filters.method, any: tb('any'), options: Object.values(PaymentMethod).map((m) => ({ value: m, label: ts(`method.${m}`) })) },
            { kind: 'date', name: 'from', label: t('from'), value: filters.from },
            { kind: 'date', name: 'to', label: t('to'), value: filters.to },
          ]}
          sort={{ keys: PAYMENT_SORT_KEYS.map((k) => ({ value: k, label: sortLabel(k) })), value: filters.sort, dir: filters.dir }}
          submit={tb('apply')}
          clearHref={base}
        />
      </Card>
      <div className="my-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <p>{t('count', { count: total })}</p>
        <a href={listHref(`${base}/export`, { ...filters, page: undefined })} className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 font-semibold text-brand-800 print:hidden">
          {tl('exportCsv')}
        </a>
      </div>
      <Card>
        <Table cards head={columns.map(([label]) => label)} sorts={columns.map(([, key]) => (key ? sortHeader(base, filters, key, current, firstDir(key)) : null))} empty={rows.length ? undefined : <p className="px-3 py-2 text-sm text-slate-600">{t('none')}</p>}>
          {rows.map((p) => {
            const c = p.booking.customer;
            return (
              <tr key={p.id}>
                <Td label={t('created')}>{when(p.createdAt)}</Td>
                <Td label={t('booking')}>
                  <Link href={`/admin/booking-review/${p.booking.id}`} className="font-mono text-brand-800 underline">{p.booking.reference}</Link>
                </Td>
                <Td label={t('customer')}>{c.companyName ?? `${c.firstName} ${c.lastName}`}</Td>
                <Td label={t('invoice')}>
                  {p.invoice ? <Link href={`/admin/invoices/${p.invoice.id}`} className="font-mono underline">{p.invoice.number}</Link> : '—'}
                </Td>
                <Td label={t('method')}>{ts(`method.${p.method}`)}</Td>
                <Td label={t('status')}><Badge tone={statusTone(p.status)}>{ts(`paymentStatus.${p.status}`)}</Badge></Td>
                <Td label={t('amount')}>{formatTHB(p.amountSatang, locale === 'th' ? 'th' : 'en')}</Td>
                <Td label={t('paid')}>{when(p.paidAt)}</Td>
              </tr>
            );
          })}
        </Table>
        <Pager page={filters.page} pages={pages} href={(page) => listHref(base, { ...filters, page: page > 1 ? page : undefined })} labels={{ previous: tb('previous'), next: tb('next'), page: tb('pages') }} />
      </Card>
    </>
  );
}
