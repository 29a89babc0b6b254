import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import { formatTHB } from '@/lib/format/money';
import { stripeConfig } from '@/lib/payments/stripe/client';
import { invoiceQr, promptPayQrSvg } from '@/lib/payments/promptpay-qr';
import { invoicePath, invoiceToken } from '@/lib/invoices/access';
import { InvoiceFacts, paymentFormTexts } from '@/components/payments/invoice-facts';
import { InvoicePaymentForm } from '@/components/payments/invoice-payment-form';
import { PayOnlineButton } from '@/components/payments/pay-online-button';
import { payInvoiceOnline, submitInvoicePayment } from '../../../pay-invoice/actions';
import { invoicePageMetadata, openInvoicePage, type InvoicePageProps } from '../../../_invoice/invoice-page';

export const dynamic = 'force-dynamic';

export const generateMetadata = invoicePageMetadata('payment.promptpay');

/**
 * PromptPay for an invoice: a Thai QR with the exact amount straight to the business's PromptPay ID (no card fees,
 * no Stripe) with a slip upload, and PromptPay through Stripe Checkout.
 */
export default async function PromptPayPage(props: InvoicePageProps) {
  const { locale, invoice, settings } = await openInvoicePage(props, ['promptpay']);
  const t = await getTranslations('payment');
  const token = invoiceToken(invoice.id);
  const { promptpay } = settings;
  const open = invoice.status === 'open' && invoice.totalSatang > 0;
  // A bill-payment QR naming the invoice where a biller ID is set, else the transfer QR (docs/product-rules.md#thai-money).
  const qr = open ? invoiceQr(promptpay, { number: invoice.number, amountSatang: invoice.totalSatang }) : null;
  const payload = qr?.payload ?? null;
  const svg = payload ? await promptPayQrSvg(payload) : null;
  const sent = invoice.payments.some((p) => p.method === 'promptpay' && p.provider === 'promptpay_qr' && ['proof_uploaded', 'awaiting_verification'].includes(p.status));

  return (
    <section className="mx-auto max-w-2xl space-y-4 px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-brand-900">{t('promptpay.title')}</h1>
      <InvoiceFacts invoice={invoice} locale={locale} />
      {!open ? (
        <p role="status" className="font-semibold text-brand-900">
          {t(invoice.status === 'paid' ? 'pay.alreadyPaid' : 'pay.void')}
        </p>
      ) : (
        <>
          {svg && payload ? (
            <div className="rounded-xl border border-gray-200 bg-white p-4 text-center">
              <h2 className="font-semibold text-gray-900">{t('promptpay.qrTitle')}</h2>
              <p className="mt-1 text-sm text-gray-700">{t('promptpay.qrHelp', { amount: formatTHB(invoice.totalSatang, locale) })}</p>
              <div
                role="img"
                aria-label={t('promptpay.qrAlt', { amount: formatTHB(invoice.totalSatang, locale) })}
                data-payload={payload}
                className="mx-auto mt-3 w-64 max-w-full [&_svg]:h-auto [&_svg]:w-full"
                dangerouslySetInnerHTML={{ __html: svg }}
              />
              {qr?.kind === 'bill_payment' ? (
                <p className="mt-2 text-sm text-gray-700">{t('promptpay.billPayee', { name: promptpay.accountName, reference: qr.reference })}</p>
              ) : (
                <p className="mt-2 text-sm text-gray-700">{t('promptpay.payee', { name: promptpay.accountName, id: promptpay.id })}</p>
              )}
              <p className="text-lg font-bold text-gray-900">{formatTHB(invoice.totalSatang, locale)}</p>
            </div>
          ) : (
            <p className="text-gray-700">{t('promptpay.qrUnavailable')}</p>
          )}
          {svg ? <InvoicePaymentForm invoiceId={invoice.id} token={token} method="promptpay" texts={await paymentFormTexts('promptpay')} submit={submitInvoicePayment} initiallyDone={sent} /> : null}
          {stripeConfig() ? (
            <div className="rounded-xl border border-gray-200 bg-white p-4">
              <h2 className="font-semibold text-gray-900">{t('promptpay.stripeTitle')}</h2>
              <p className="mb-3 mt-1 text-sm text-gray-600">{t('pay.promptpayNote')}</p>
              <PayOnlineButton invoiceId={invoice.id} token={token} method="promptpay" label={t('pay.payByPromptPay')} busyLabel={t('pay.redirecting')} start={payInvoiceOnline} />
            </div>
          ) : null}
        </>
      )}
      <Link href={invoicePath(locale, invoice.id, 'pay')} className="inline-block font-medium text-brand-700 underline">
        {t('otherMethods')}
      </Link>
    </section>
  );
}
