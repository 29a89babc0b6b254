import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import { stripeConfig } from '@/lib/payments/stripe/client';
import { invoicePath, invoiceToken } from '@/lib/invoices/access';
import { InvoiceFacts } from '@/components/payments/invoice-facts';
import { PayOnlineButton } from '@/components/payments/pay-online-button';
import { payInvoiceOnline } from '../actions';
import { invoicePageMetadata, openInvoicePage, type InvoicePageProps } from '../../_invoice/invoice-page';
import { officeHoursValues } from '@/lib/site-data/site-settings';

export const dynamic = 'force-dynamic';

export const generateMetadata = invoicePageMetadata('payment.pay');

/** Choose how to pay an open invoice (the link in invoice, reminder and late-fee emails). */
export default async function PayInvoicePage(props: InvoicePageProps) {
  const { locale, invoice, settings } = await openInvoicePage(props, ['promptpay', 'hours']);
  const t = await getTranslations('payment');
  const token = invoiceToken(invoice.id);
  const { promptpay, hours } = settings;
  const online = Boolean(stripeConfig());
  const card = 'rounded-xl border border-gray-200 bg-white p-4';

  return (
    <section className="mx-auto max-w-2xl space-y-4 px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-brand-900">{t('pay.title', { number: invoice.number })}</h1>
      <InvoiceFacts invoice={invoice} locale={locale} />
      {invoice.status !== 'open' ? (
        <div role="status" className="rounded-xl border border-brand-100 bg-brand-50 p-4">
          <p className="font-semibold text-brand-900">{t(invoice.status === 'paid' ? 'pay.alreadyPaid' : 'pay.void')}</p>
          <Link href={invoicePath(locale, invoice.id)} className="mt-2 inline-block font-medium text-brand-700 underline">
            {t('pay.viewInvoice')}
          </Link>
        </div>
      ) : (
        <>
          <p className="text-gray-700">{t('pay.choose')}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className={card}>
              <h2 className="font-semibold text-gray-900">{t('methods.card')}</h2>
              <p className="mb-3 mt-1 text-sm text-gray-600">{t('pay.cardNote')}</p>
              {online ? (
                <PayOnlineButton invoiceId={invoice.id} token={token} method="card" label={t('pay.payByCard')} busyLabel={t('pay.redirecting')} start={payInvoiceOnline} />
              ) : (
                <p className="text-sm text-red-700">{t('errors.cardUnavailable')}</p>
              )}
            </div>
            <div className={card}>
              <h2 className="font-semibold text-gray-900">{t('methods.promptpay')}</h2>
              <p className="mb-3 mt-1 text-sm text-gray-600">{t('pay.promptpayNote')}</p>
              {online ? (
                <PayOnlineButton invoiceId={invoice.id} token={token} method="promptpay" label={t('pay.payByPromptPay')} busyLabel={t('pay.redirecting')} start={payInvoiceOnline} />
              ) : null}
              {promptpay.id ? (
                <Link href={invoicePath(locale, invoice.id, 'promptpay')} className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
                  {t('pay.promptpayQr')}
                </Link>
              ) : null}
            </div>
            <div className={card}>
              <h2 className="font-semibold text-gray-900">{t('methods.bank_transfer')}</h2>
              <p className="mb-3 mt-1 text-sm text-gray-600">{t('pay.bankNote')}</p>
              <Link href={invoicePath(locale, invoice.id, 'instructions', { method: 'bank_transfer' })} className="inline-block font-medium text-brand-700 underline">
                {t('pay.bankLink')}
              </Link>
            </div>
            <div className={card}>
              <h2 className="font-semibold text-gray-900">{t('methods.crypto')}</h2>
              <p className="mb-3 mt-1 text-sm text-gray-600">{t('pay.cryptoNote')}</p>
              <Link href={invoicePath(locale, invoice.id, 'crypto')} className="inline-block font-medium text-brand-700 underline">
                {t('pay.cryptoLink')}
              </Link>
            </div>
            <div className={`${card} sm:col-span-2`}>
              <h2 className="font-semibold text-gray-900">{t('methods.cash')}</h2>
              <p className="mt-1 text-sm text-gray-600">{t('pay.cashNote', { number: invoice.number, ...(await officeHoursValues(hours, 'long')) })}</p>
            </div>
          </div>
          <Link href={invoicePath(locale, invoice.id)} className="inline-block font-medium text-brand-700 underline">
            {t('pay.viewInvoice')}
          </Link>
        </>
      )}
    </section>
  );
}
