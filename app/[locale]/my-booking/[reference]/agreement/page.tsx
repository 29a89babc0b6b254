import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale, type Locale } from '@/lib/i18n/routing';
import { sanitizeLegalHtml } from '@/lib/legal/sanitize';
import { portalAgreement } from '@/lib/portal/view';
import { formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = toLocale(requested);
  const t = await getTranslations({ locale, namespace: 'portal' });
  return { title: t('agreement.title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/** The agreement exactly as the customer signed it, laid out for printing (the browser's Print saves a PDF). */
export default async function SignedAgreementPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale; reference: string }>;
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { locale, reference } = await params;
  setRequestLocale(locale);
  await connection();
  const raw = (await searchParams).token;
  const b = await portalAgreement(reference, typeof raw === 'string' ? raw : undefined);
  if (!b) notFound();
  const t = await getTranslations('portal');
  const html = sanitizeLegalHtml(b.agreementText) ?? '';
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 print:py-0">
      <h1 className="text-2xl font-bold">{t('agreement.title')}</h1>
      <p className="mt-1 text-sm text-gray-700">
        {t('agreement.signed', { reference: b.reference, name: b.agreementSignature, date: formatLongDate(todayInBangkok(b.agreementSignedAt), locale) })}
      </p>
      <p className="mt-2 text-sm text-gray-600 print:hidden">{t('agreement.printHint')}</p>
      <div className="prose mt-6 max-w-none text-sm" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
