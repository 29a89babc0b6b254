import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { formatTHB } from '@/lib/format/money';
import { invoicePath, invoicePdfPath, type InvoicePage } from '@/lib/invoices/access';
import { devOnly } from '@/components/payments/dev-only';
import { latestInvoices } from '@/lib/payments/dev-pages';

export const dynamic = 'force-dynamic';
export const metadata = { robots: { index: false, follow: false } };

const PAGES: InvoicePage[] = ['invoice', 'pay', 'promptpay', 'crypto', 'instructions'];

/** Signed links to every payment page of the latest invoices, to try them against the fakes (404 in production). */
export default async function TestPaymentUrlsPage({ params }: { params: Promise<{ locale: Locale }> }) {
  devOnly();
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('devPages');
  const invoices = await latestInvoices();
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('urlsTitle')}</h1>
      {invoices.length ? null : <p className="mt-4">{t('urlsEmpty')}</p>}
      <ul className="mt-4 space-y-3">
        {invoices.map((i) => (
          <li key={i.id} className="rounded border border-gray-200 p-3 text-sm">
            <p className="font-mono font-semibold">
              {i.number} · {i.booking.reference} · {i.status} · {formatTHB(i.totalSatang, locale)}
            </p>
            <p className="mt-1 flex flex-wrap gap-3">
              {PAGES.map((p) => (
                <Link key={p} href={invoicePath(locale, i.id, p)} className="text-brand-700 underline">
                  {p}
                </Link>
              ))}
              <a href={invoicePdfPath(locale, i.id)} className="text-brand-700 underline">
                pdf
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
