import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { formatTHB } from '@/lib/format/money';
import { toLocale } from '@/lib/i18n/translator';
import { creditNotePdfPath } from '@/lib/invoices/access';
import { loadAuthorizedCreditNote } from '@/lib/invoices/load';
import { formatTaxBranch } from '@/lib/invoices/tax-branch';
import { Card, Dl, PageTitle } from '../../../../_components/ui';
import { adminDates } from '@/lib/dates/admin-dates';
import { VAT_RATE_PCT } from '@/lib/pricing/catalog';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Credit note', robots: { index: false, follow: false } };

/** One credit note (docs/product-rules.md#documents-staff-issue): the Thai tax credit note's fields and its PDF. */
export default async function CreditNotePage({ params, searchParams }: { params: Promise<{ invoiceId: string; noteId: string }>; searchParams: Promise<{ done?: string }> }) {
  const { db } = await adminPage('invoices');
  const [{ invoiceId, noteId }, { done }] = await Promise.all([params, searchParams]);
  const found = await loadAuthorizedCreditNote(db, invoiceId, noteId, {});
  if (!found) notFound();
  const [t, tp, tc, locale] = await Promise.all([getTranslations('staffDocuments.note'), getTranslations('staffDocuments.pdf'), getTranslations('staffDocuments.credit'), getLocale()]);
  const d = found.document;
  const money = (s: number) => formatTHB(s, locale === 'th' ? 'th' : 'en');
  const day = adminDates(locale).day;
  return (
    <>
      <PageTitle>{t('title', { number: d.number })}</PageTitle>
      {done === 'issued' ? (
        <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900">
          {tc('issued', { number: d.number })}
        </p>
      ) : null}
      <Card title={d.isTaxDocument ? tp('taxTitle') : tp('title')}>
        <Dl
          rows={[
            [tp('number'), <span key="n" className="font-mono">{d.number}</span>],
            [tp('date'), day(d.issuedAt)],
            [tp('customer'), d.buyer ? `${d.buyer.name}${d.buyer.taxId ? ` · ${d.buyer.taxId} · ${formatTaxBranch(d.buyer.branch)}` : ''}` : '—'],
            [tp('originalInvoice'), <a key="i" className="font-mono underline" href={`/admin/invoices/${found.invoice.id}`}>{d.invoice.number}</a>],
            [tp('originalDate'), day(d.invoice.issuedAt)],
            [tp('reference'), <a key="b" className="font-mono underline" href={`/admin/booking-review/${found.invoice.booking.id}`}>{d.invoice.reference}</a>],
            [tp('reason'), d.reason],
            [tp('originalValue'), money(d.originalValue)],
            [tp('correctValue'), money(d.correctValue)],
            [tp('difference'), money(d.difference)],
            [tp('differenceVat', { percent: VAT_RATE_PCT }), money(d.differenceVat)],
            [tp('totalCredited'), <strong key="t">{money(d.totalCredited)}</strong>],
          ]}
        />
        <p className="mt-4">
          <a className="font-semibold text-brand-800 underline" href={creditNotePdfPath(toLocale(locale), found.invoice.id, found.note.id)}>
            {t('pdf')}
          </a>
        </p>
      </Card>
    </>
  );
}
