import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import type { SettingKey } from '@/lib/settings';
import { invoicePageView } from '@/lib/payments/invoice-link';

/**
 * What every page an invoice link opens begins with (the invoice, choosing how to pay, PromptPay, crypto, and the
 * payment result pages): its title, never indexed (the address carries the signed link), and the invoice the link
 * opens, or 404.
 */
type MetaNamespace = 'invoice' | 'payment.pay' | 'payment.crypto' | 'payment.promptpay' | 'payment.instructions' | 'payment.success' | 'payment.cancelled';

export function invoicePageMetadata(namespace: MetaNamespace) {
  return async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
    const { locale } = await params;
    const t = await getTranslations({ locale, namespace });
    return { title: t('metaTitle'), robots: { index: false, follow: false } };
  };
}

export type InvoicePageProps = { params: Promise<{ locale: Locale; invoiceId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The request's language set, and the invoice the signed link opens (404 for a wrong or expired link) with the
 * settings the page names.
 */
export async function openInvoicePage<const K extends SettingKey = never>({ params, searchParams }: InvoicePageProps, settings: readonly K[] = []) {
  const { locale, invoiceId } = await params;
  setRequestLocale(locale);
  const view = await invoicePageView(invoiceId, await searchParams, settings);
  if (!view) notFound();
  return { locale, ...view };
}
