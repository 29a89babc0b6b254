import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import { formatTHB } from '@/lib/format/money';
import { formatBangkokDateTime, formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { creditNotePdfPath, invoicePath, invoicePdfPath } from '@/lib/invoices/access';
import { documentOf } from '@/lib/invoices/load';
import { formatTaxBranch } from '@/lib/invoices/tax-branch';
import { PrintButton } from '@/components/payments/print-button';
import { invoiceBalance } from '@/lib/invoices/balance';
import { settlementState } from '@/lib/invoices/settlement-state';
import { invoicePageMetadata, openInvoicePage, type InvoicePageProps } from '../../_invoice/invoice-page';
import { VAT_RATE_PCT, WHT_RATE_PCT } from '@/lib/pricing/catalog';

export const dynamic = 'force-dynamic';

export const generateMetadata = invoicePageMetadata('invoice');

/** The invoice (a Thai tax invoice for business customers, a receipt once paid), printable, with its PDF. */
export default async function InvoicePage(props: InvoicePageProps) {
  const { locale, invoice } = await openInvoicePage(props);
  const t = await getTranslations('invoice');
  const th = await getTranslations({ locale: 'th', namespace: 'invoice' });
  const [tl, tp, tn] = await Promise.all([getTranslations('lifecycle.invoice'), getTranslations('payment'), getTranslations('staffDocuments.note')]);
  // Every receipt shows when and how it was paid, and a part-paid invoice what is still due (docs/product-rules.md#lifecycle).
  const received = invoice.payments.filter((p) => (p.status === 'paid' || p.status === 'refunded') && p.paidAt).reverse();
  const balance = invoiceBalance(invoice);
  const paidTime = (d: Date) => formatBangkokDateTime(d, locale, 'long');
  const d = documentOf(invoice);
  const settlement = settlementState(d);
  const money = (s: number) => formatTHB(s, locale);
  const day = (date: Date) => formatLongDate(todayInBangkok(date), locale);
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'text-base font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-gray-700'}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );

  return (
    <section className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      {/* Printing shows the document only, without the site's header and footer. */}
      <style>{'@media print { body > header, body > footer, header, footer, nav { display: none !important; } }'}</style>
      <div className="mb-4 flex flex-wrap gap-3 print:hidden">
        <a href={invoicePdfPath(locale, invoice.id)} className="inline-block min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {t('downloadPdf')}
        </a>
        <PrintButton label={t('print')} />
        {invoice.status === 'open' ? (
          <Link href={invoicePath(locale, invoice.id, 'pay')} className="inline-block min-h-11 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
            {t('payNow')}
          </Link>
        ) : null}
      </div>
      <article className="rounded-2xl border border-gray-200 bg-white p-6 print:border-0">
        <header className="flex flex-wrap justify-between gap-6">
          <div className="text-sm">
            <p className="text-base font-bold text-gray-900">{locale === 'th' ? d.seller.legalNameTh : d.seller.legalName}</p>
            <p className="text-gray-700">{locale === 'th' ? d.seller.addressTh : d.seller.address}</p>
            <p className="text-gray-700">
              {t('taxId')}: {d.seller.taxId} · {formatTaxBranch(d.seller.branch)}
            </p>
          </div>
          <div className="text-right">
            <h1 className="text-2xl font-bold text-brand-800">{t(`titles.${d.title}`)}</h1>
            {locale !== 'th' ? <p className="text-sm text-gray-700" lang="th">{th(`titles.${d.title}`)}</p> : null}
            <p className="mt-2 font-mono font-semibold">{d.number}</p>
            <p className="text-sm text-gray-700">
              {t('date')}: {day(d.issuedAt)}
            </p>
            {d.dueAt && d.status === 'open' ? (
              <p className="text-sm text-gray-700">
                {t('dueDate')}: {day(d.dueAt)}
              </p>
            ) : null}
            <p className="text-sm text-gray-700">
              {t('reference')}: {d.reference}
            </p>
          </div>
        </header>
        {d.buyer ? (
          <div className="mt-6 text-sm">
            <h2 className="font-semibold text-gray-900">{t('customer')}</h2>
            <p className="font-medium">{d.buyer.name}</p>
            {d.buyer.contactName ? <p className="text-gray-700">{t('attention', { name: d.buyer.contactName })}</p> : null}
            <p className="text-gray-700">{d.buyer.address}</p>
            {d.buyer.taxId ? (
              <p className="text-gray-700">
                {t('taxId')}: {d.buyer.taxId} · {formatTaxBranch(d.buyer.branch)}
              </p>
            ) : null}
          </div>
        ) : null}
        <table className="mt-6 w-full text-sm">
          <thead>
            <tr className="border-b border-gray-200 text-left text-gray-600">
              <th className="py-2 font-medium">{t('description')}</th>
              <th className="py-2 text-right font-medium">{t('quantity')}</th>
              <th className="py-2 text-right font-medium">{t('amount')}</th>
            </tr>
          </thead>
          <tbody>
            {d.items.map((l) => (
              <tr key={l.position} className="border-b border-gray-100">
                <td className="py-2 pr-2">{l.description}</td>
                <td className="py-2 text-right tabular-nums">{l.quantity}</td>
                <td className="py-2 text-right tabular-nums">{money(l.amountSatang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="ml-auto mt-4 max-w-sm text-sm">
          {row(t('valueExVat'), money(d.valueExVat))}
          {row(t('vat', { percent: VAT_RATE_PCT }), money(d.vatSatang))}
          {d.nonVatable ? row(t('deposit'), money(d.nonVatable)) : null}
          {row(t('total'), money(d.valueInclVat), !d.withholding)}
          {d.withholding ? row(t('withholding', { percent: WHT_RATE_PCT }), `−${money(d.withholding)}`) : null}
          {d.withholding ? row(t('netToPay'), money(d.netToPay), true) : null}
        </dl>
        <p className="mt-2 text-xs text-gray-600">{t('vatIncludedNote', { percent: VAT_RATE_PCT })}</p>
        <div className="mt-4 text-sm" role="status">
          {d.status === 'paid' ? <p className="font-semibold text-green-800">{t('paidOn', { date: day(d.paidAt ?? d.issuedAt) })}</p> : null}
          {d.status === 'open' ? <p className="font-semibold text-amber-800">{t('unpaid')}</p> : null}
          {d.status === 'open' && balance.paidSatang > 0 ? (
            <p className="font-semibold text-amber-800" data-testid="still-due">
              {tl('paidSoFar', { amount: money(balance.paidSatang) })} · {tl('stillDue', { amount: money(balance.dueSatang) })}
            </p>
          ) : null}
          {received.length ? (
            <div className="mt-2">
              <h2 className="font-semibold text-gray-900">{tl('paymentsTitle')}</h2>
              <ul>
                {received.map((p) => (
                  <li key={p.id}>{tl('payment', { date: paidTime(p.paidAt!), method: tp(`methods.${p.method}`), amount: money(p.amountSatang) })}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {d.status === 'void' ? <p className="font-semibold text-red-700">{t('void')}</p> : null}
          {invoice.creditNotes.map((c) => (
            <p key={c.number} className="text-gray-700">
              {t('creditNote', { number: c.number, date: day(c.issuedAt), amount: money(c.amountSatang) })}{' '}
              {/* Each credit note has its own PDF, behind the same link as the invoice (docs/product-rules.md#documents-staff-issue). */}
              <a className="underline print:hidden" href={creditNotePdfPath(locale, invoice.id, c.id)}>
                {tn('pdf')}
              </a>
            </p>
          ))}
          {/* Paid net of withholding: settled only once the customer's certificate (50 ทวิ) is recorded (docs/product-rules.md#thai-money). */}
          {settlement === 'awaiting_certificate' ? <p className="font-semibold text-amber-800">{t('awaitingCertificate', { amount: money(d.withholding) })}</p> : null}
          {settlement === 'settled' && d.withholding ? <p className="font-semibold text-green-800">{t('settled')}</p> : null}
          {d.withholdingCertificate ? (
            <p className="text-gray-700">{t('whtCertificate', { number: d.withholdingCertificate.number, date: day(d.withholdingCertificate.issuedOn) })}</p>
          ) : null}
        </div>
      </article>
    </section>
  );
}
