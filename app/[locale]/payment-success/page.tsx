import { LinkExpired } from '@/components/portal/link-expired';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { invoicePath, invoicePdfPath } from '@/lib/invoices/access';
import { invoiceForRequest } from '@/lib/invoices/load';
import { InvoiceFacts } from '@/components/payments/invoice-facts';
import { invoicePageMetadata } from '../_invoice/invoice-page';

export const dynamic = 'force-dynamic';

export const generateMetadata = invoicePageMetadata('payment.success');

type SP = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** Where Stripe sends the customer back: paid, or still being confirmed (the page re-checks every few seconds). */
export default async function PaymentSuccessPage({ params, searchParams }: { params: Promise<{ locale: Locale }>; searchParams: Promise<SP> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const t = await getTranslations('payment');
  const invoice = one(sp.invoice) ? await invoiceForRequest(one(sp.invoice), sp) : null;
  // A link that no longer opens says so and offers a new one (docs/product-rules.md#links-that-no-longer-open).
  if (!invoice) return <LinkExpired />;
  const paid = invoice.status === 'paid';
  return (
    <section className="mx-auto max-w-2xl space-y-4 px-4 py-8 sm:py-12">
      {!paid ? <meta httpEquiv="refresh" content="3" /> : null}
      <h1 className="text-2xl font-bold text-brand-900">{paid ? t('success.title') : t('success.confirmingTitle')}</h1>
      <div role="status" aria-live="polite" className="rounded-xl border border-brand-100 bg-brand-50 p-4">
        <p className="text-gray-800">{paid ? t('success.body', { number: invoice.number }) : t('success.confirming')}</p>
      </div>
      <InvoiceFacts invoice={invoice} locale={locale} />
      <div className="flex flex-wrap gap-3">
        <Link href={invoicePath(locale, invoice.id)} className="inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('success.viewReceipt')}
        </Link>
        <a href={invoicePdfPath(locale, invoice.id)} className="inline-block rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50">
          {t('success.downloadPdf')}
        </a>
      </div>
      <p className="text-sm text-gray-700">{t('success.next')}</p>
    </section>
  );
}
