import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { adminDates } from '@/lib/dates/admin-dates';
import { formatMonth } from '@/lib/dates/bangkok';
import { flatParams } from '@/lib/admin/list-query';
import { MISSING_LIMIT, missingCertificates, missingFiltersSchema } from '@/lib/admin/withholding-missing';
import { WHT_RATE_PCT } from '@/lib/pricing/catalog';
import { Card, inputClass, PageTitle, Table, Td } from '../../_components/ui';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.withholding'))('title'), robots: { index: false, follow: false } };
}

/**
 * The withholding-tax certificates (50 ทวิ) still missing, by customer and month paid (docs/product-rules.md#thai-money):
 * each invoice links to its certificate form. Staff pages in English and Thai. Renders per request: staff data.
 */
export default async function MissingCertificatesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await adminPage('invoices');
  const [t, locale] = await Promise.all([getTranslations('admin.withholding'), getLocale()]);
  const filters = missingFiltersSchema.parse(flatParams(await searchParams));
  const { groups, capped } = await missingCertificates(db, filters);
  const money = (s: number) => formatTHB(s, locale === 'th' ? 'th' : 'en');
  const day = adminDates(locale).day;
  const monthLabel = (m: string) => formatMonth(m, locale);
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <p className="mb-3 max-w-3xl text-sm text-slate-700">{t('intro', { rate: WHT_RATE_PCT })}</p>
      <Card>
        <form method="get" className="flex flex-wrap items-end gap-3" role="search">
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t('month')}</span>
            <input type="month" name="month" defaultValue={filters.month} className={inputClass} />
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">{t('search')}</span>
            <input name="q" defaultValue={filters.q} className={inputClass} />
          </label>
          <button type="submit" className="min-h-11 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white">{t('apply')}</button>
          <Link href="/admin/invoices/withholding" className="inline-flex min-h-11 items-center text-sm underline">{t('clear')}</Link>
        </form>
      </Card>
      {capped ? <p className="my-2 text-sm text-amber-800">{t('capped', { count: MISSING_LIMIT })}</p> : null}
      {groups.length === 0 ? <p className="my-4 text-sm text-slate-700">{t('none')}</p> : null}
      {groups.map((g) => (
        <section key={`${g.customerId}-${g.month}`} aria-label={`${g.company ?? g.customer} · ${monthLabel(g.month)}`} className="my-4">
          <Card title={`${g.company ?? g.customer} · ${monthLabel(g.month)}`}>
            <p className="mb-2 text-sm text-slate-700">
              {g.company ? `${g.customer} · ` : ''}
              {t('groupTotal', { count: g.invoices.length, amount: money(g.withheldSatang) })}
            </p>
            <Table cards head={[t('invoice'), t('paid'), t('withheld'), '']}>
              {g.invoices.map((r) => (
                <tr key={r.invoiceId}>
                  <Td label={t('invoice')}>
                    <Link href={`/admin/invoices/${r.invoiceId}`} className="font-mono text-brand-800 underline">{r.number}</Link>
                    <span className="block text-xs text-slate-600">{r.bookingReference}</span>
                  </Td>
                  <Td label={t('paid')}>{day(r.paidAt)}</Td>
                  <Td label={t('withheld')}>{money(r.withheldSatang)}</Td>
                  <Td label="">
                    <Link href={`/admin/invoices/${r.invoiceId}#withholding-certificate`} className="inline-flex min-h-11 items-center underline">{t('record')}</Link>
                  </Td>
                </tr>
              ))}
            </Table>
          </Card>
        </section>
      ))}
    </>
  );
}
