import type { Metadata } from 'next';
import Link from 'next/link';
import { ListFilters } from '../_components/list-filters';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { InvoiceStatus, PaymentMethod } from '@/generated/prisma/enums';
import { INVOICE_SORT_KEYS, invoiceFiltersSchema, invoiceSort, searchInvoices, type InvoiceSort } from '@/lib/admin/invoice-list';
import { flatParams, listHref, sortHeader } from '@/lib/admin/list-query';
import { invoicePdfPath } from '@/lib/invoices/access';
import { Badge, Card, PageTitle, Pager, statusTone, Table, Td } from '../_components/ui';
import { adminDates } from '@/lib/dates/admin-dates';
import { failedEtaxDeliveries } from '@/lib/admin/etax-failures';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('staffDocuments.list'))('title') };
}

/**
 * Every invoice (docs/product-rules.md#documents-staff-issue): search by number, customer name or booking reference;
 * filter by status, overdue, month issued and method paid; each row links to the invoice, its PDF and, for a business
 * invoice with withholding, the withholding-certificate record. Renders per request: staff data behind a sign-in.
 */
export default async function InvoicesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await adminPage('invoices');
  const [t, tr, ts, tb, locale] = await Promise.all([
    getTranslations('staffDocuments.list'),
    getTranslations('admin.review'),
    getTranslations('admin.dashboard'),
    getTranslations('admin.bookings'),
    getLocale(),
  ]);
  const [tl, tw] = await Promise.all([getTranslations('staffTools.lists'), getTranslations('admin.withholding')]);
  const filters = invoiceFiltersSchema.parse(flatParams(await searchParams));
  const [{ rows, total, totalCapped, pages }, etaxFailed, te] = await Promise.all([searchInvoices(db, filters), failedEtaxDeliveries(db), getTranslations('admin.etax')]);
  const query = (page: number) => listHref('/admin/invoices', { ...filters, page: page > 1 ? page : undefined });
  const current = invoiceSort(filters);
  const columns: [string, InvoiceSort | null][] = [
    [t('number'), 'number'],
    [t('customer'), 'customer'],
    [t('booking'), 'booking'],
    [t('issued'), 'issued'],
    [t('due'), 'due'],
    [t('total'), 'total'],
    [t('status'), 'status'],
    [t('method'), null],
    [t('links'), null],
  ];
  const sortLabel = (k: InvoiceSort) => columns.find(([, key]) => key === k)![0];
  const firstDir = (k: InvoiceSort) => (k === 'issued' || k === 'due' || k === 'total' ? 'desc' : 'asc');
  const day = adminDates(locale).day;
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <p className="mb-3">
        <Link href="/admin/invoices/withholding" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">{tw('link')}</Link>
      </p>
      {etaxFailed.length ? (
        <section role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <h2 className="font-semibold">{te('failedTitle')}</h2>
          <ul className="mt-1 space-y-1">
            {etaxFailed.map((f) => (
              <li key={f.id}>
                <Link href={`/admin/invoices/${f.invoiceId}#etax`} className="font-mono underline">{f.documentNumber}</Link> ({f.typeCode}) · {f.toAddress} ·{' '}
                {f.nextAttemptAt ? te('retry', { attempts: f.attempts, next: adminDates(locale).dateTime(f.nextAttemptAt) }) : te('gaveUp')}: {f.lastError ?? f.reply ?? ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Card>
        <ListFilters
          gridClassName="sm:grid-cols-2 md:grid-cols-4 lg:grid-cols-8"
          actionsClassName="flex flex-wrap items-center gap-3 sm:col-span-2 md:col-span-4 lg:col-span-8"
          filters={[
            { kind: 'text', name: 'q', label: t('search'), value: filters.q, placeholder: t('searchHint'), wide: true },
            { kind: 'select', name: 'status', label: t('status'), value: filters.status, any: t('any'), options: Object.values(InvoiceStatus).map((s) => ({ value: s, label: tr(`invoiceStatus.${s}`) })) },
            { kind: 'month', name: 'period', label: t('period'), value: filters.period },
            { kind: 'select', name: 'method', label: t('method'), value: filters.method, any: t('any'), options: Object.values(PaymentMethod).map((m) => ({ value: m, label: ts(`method.${m}`) })) },
            { kind: 'checkbox', name: 'overdue', label: t('overdue'), checked: filters.overdue },
          ]}
          sort={{ keys: INVOICE_SORT_KEYS.map((k) => ({ value: k, label: sortLabel(k) })), value: filters.sort, dir: filters.dir }}
          submit={t('apply')}
          clearHref="/admin/invoices"
        />
      </Card>
      <div className="my-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <p>{totalCapped ? t('countMore', { count: total }) : t('count', { count: total })}</p>
        <a href={listHref('/admin/invoices/export', { ...filters, page: undefined })} className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 font-semibold text-brand-800 print:hidden">
          {tl('exportCsv')}
        </a>
      </div>
      <Card>
        <Table cards head={columns.map(([label]) => label)} sorts={columns.map(([, key]) => (key ? sortHeader('/admin/invoices', filters, key, current, firstDir(key)) : null))} empty={rows.length ? undefined : t('none')}>
          {rows.map((r) => {
            const buyer = r.buyer as { name?: string } | null;
            const c = r.booking.customer;
            return (
              <tr key={r.id}>
                <Td label={t('number')}>
                  <Link href={`/admin/invoices/${r.id}`} className="font-mono text-brand-800 underline">{r.number}</Link>
                </Td>
                <Td label={t('customer')}>
                  {`${c.firstName} ${c.lastName}`}
                  {c.companyName || (buyer?.name && r.business) ? <span className="block text-xs text-slate-600">{c.companyName || buyer?.name}</span> : null}
                </Td>
                <Td label={t('booking')}>
                  <Link href={`/admin/booking-review/${r.booking.id}`} className="font-mono underline">{r.booking.reference}</Link>
                </Td>
                <Td label={t('issued')}>{day(r.issuedAt)}</Td>
                <Td label={t('due')}>
                  {day(r.dueAt)}
                  {r.overdue ? <span className="ml-1"><Badge tone="red">{t('overdueBadge')}</Badge></span> : null}
                </Td>
                <Td label={t('total')}>{formatTHB(r.totalSatang, locale === 'th' ? 'th' : 'en')}</Td>
                <Td label={t('status')}><Badge tone={statusTone(r.status)}>{tr(`invoiceStatus.${r.status}`)}</Badge></Td>
                <Td label={t('method')}>{r.methods.map((m) => ts(`method.${m}`)).join(', ') || '—'}</Td>
                <Td label={t('links')}>
                  <a href={invoicePdfPath('en', r.id)} className="underline">{t('pdf')}</a>
                  {r.business && r.hasWithholding ? (
                    <Link href={`/admin/invoices/${r.id}#withholding-certificate`} className="ml-2 underline">
                      {t('certificate')}
                      {r.withholdingCertificate ? ` ✓ ${r.withholdingCertificate.number}` : ''}
                    </Link>
                  ) : null}
                </Td>
              </tr>
            );
          })}
        </Table>
        <Pager page={filters.page} pages={pages} more={totalCapped} href={query} labels={{ previous: tb('previous'), next: tb('next'), page: tb('pages') }} />
      </Card>
    </>
  );
}
