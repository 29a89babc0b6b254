import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { invoicePath } from '@/lib/invoices/access';
import { invoiceForRequest } from '@/lib/invoices/load';
import { InvoiceFacts } from '@/components/payments/invoice-facts';
import { invoicePageMetadata } from '../_invoice/invoice-page';

export const dynamic = 'force-dynamic';

export const generateMetadata = invoicePageMetadata('payment.cancelled');

type SP = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** The customer left Stripe's page without paying: nothing was charged, the invoice is still open. */
export default async function PaymentCancelledPage({ params, searchParams }: { params: Promise<{ locale: Locale }>; searchParams: Promise<SP> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const t = await getTranslations('payment');
  const invoice = one(sp.invoice) ? await invoiceForRequest(one(sp.invoice), sp) : null;
  return (
    <section className="mx-auto max-w-2xl space-y-4 px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-gray-900">{t('cancelled.title')}</h1>
      <p role="status" className="text-gray-800">
        {t('cancelled.body')}
      </p>
      {invoice ? (
        <>
          <InvoiceFacts invoice={invoice} locale={locale} />
          {invoice.status === 'open' ? (
            <Link href={invoicePath(locale, invoice.id, 'pay')} className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
              {t('cancelled.tryAgain')}
            </Link>
          ) : null}
        </>
      ) : (
        <Link href="/" className="inline-block font-medium text-brand-700 underline">
          {t('cancelled.home')}
        </Link>
      )}
    </section>
  );
}
