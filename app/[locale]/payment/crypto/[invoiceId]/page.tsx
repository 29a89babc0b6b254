import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/link';
import { formatTHB, intlLocale } from '@/lib/format/money';
import { formatBangkokDateTime } from '@/lib/dates/bangkok';
import { cryptoAmounts } from '@/lib/pricing';
import { invoicePath, invoiceToken } from '@/lib/invoices/access';
import { InvoiceFacts, paymentFormTexts } from '@/components/payments/invoice-facts';
import { InvoicePaymentForm } from '@/components/payments/invoice-payment-form';
import { CopyButton } from '@/components/payments/copy-button';
import { submitInvoicePayment } from '../../../pay-invoice/actions';
import { invoicePageMetadata, openInvoicePage, type InvoicePageProps } from '../../../_invoice/invoice-page';

export const dynamic = 'force-dynamic';

export const generateMetadata = invoicePageMetadata('payment.crypto');

/** USDT and Bitcoin for an invoice: the invoice total at the configured rates, with the rates' time; proof upload. */
export default async function CryptoPage(props: InvoicePageProps) {
  const { locale, invoice, settings } = await openInvoicePage(props, ['cryptoWallets', 'cryptoRates']);
  const t = await getTranslations('payment');
  const { cryptoWallets, cryptoRates } = settings;
  const open = invoice.status === 'open' && invoice.totalSatang > 0;
  const amounts = open ? cryptoAmounts(invoice.totalSatang, cryptoRates) : null;
  const nf = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 6, numberingSystem: 'latn' });
  const sent = invoice.payments.some((p) => p.method === 'crypto' && ['crypto_payment_sent', 'proof_uploaded'].includes(p.status));
  const coins = amounts
    ? [
        { key: 'usdt', name: t('crypto.usdt', { network: cryptoWallets.usdtNetwork }), amount: `${amounts.usdt} USDT`, address: cryptoWallets.usdt },
        { key: 'btc', name: t('crypto.bitcoin'), amount: `${amounts.btc} BTC`, address: cryptoWallets.btc },
      ]
    : [];

  return (
    <section className="mx-auto max-w-2xl space-y-4 px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-brand-900">{t('crypto.title')}</h1>
      <InvoiceFacts invoice={invoice} locale={locale} />
      {!open ? (
        <p role="status" className="font-semibold text-brand-900">
          {t(invoice.status === 'paid' ? 'pay.alreadyPaid' : 'pay.void')}
        </p>
      ) : (
        <>
          <p className="text-gray-700">{t('crypto.intro')}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {coins.map((coin) => (
              <section key={coin.key} className="space-y-2 rounded-xl border border-gray-200 bg-white p-4">
                <h2 className="font-semibold text-gray-900">{coin.name}</h2>
                <p className="text-sm text-gray-700">{t('crypto.amountThb', { amount: formatTHB(invoice.totalSatang, locale) })}</p>
                <p className="text-sm text-gray-700">
                  {t('crypto.sendExactly')}: <strong className="font-mono text-base text-gray-900">{coin.amount}</strong>
                </p>
                <p className="text-xs font-medium text-gray-700">{t('crypto.wallet')}</p>
                <p className="break-all rounded bg-gray-50 p-2 font-mono text-xs text-gray-900">{coin.address}</p>
                <CopyButton text={coin.address} label={t('crypto.copyAddress', { coin: coin.name })} copyText={t('crypto.copy')} copiedText={t('crypto.copied')} />
              </section>
            ))}
          </div>
          <p className="text-xs text-gray-600">
            {t('crypto.rate', { thb: nf.format(cryptoRates.thbPerUsd), usd: nf.format(cryptoRates.usdPerBtc), time: formatBangkokDateTime(new Date(cryptoRates.updatedAt), locale) })}
          </p>
          <InvoicePaymentForm invoiceId={invoice.id} token={invoiceToken(invoice.id)} method="crypto" texts={await paymentFormTexts('crypto')} submit={submitInvoicePayment} initiallyDone={sent} />
        </>
      )}
      <Link href={invoicePath(locale, invoice.id, 'pay')} className="inline-block font-medium text-brand-700 underline">
        {t('otherMethods')}
      </Link>
    </section>
  );
}
