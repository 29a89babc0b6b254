import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { localizedPath } from '@/lib/i18n/routing';
import { devOnly } from '@/components/payments/dev-only';

export const dynamic = 'force-dynamic';
export const metadata = { robots: { index: false, follow: false } };

const FLOWS = ['/booking-v2?unit=m', '/checkout?unit=m&term=6m', '/checkout?unit=s&term=m2m'];

/** The booking flows inside a phone-sized frame (404 in production). */
export default async function MobileBookingTestPage({ params }: { params: Promise<{ locale: Locale }> }) {
  devOnly();
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('devPages');
  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('mobileTitle')}</h1>
      <div className="mt-4 flex flex-wrap gap-6">
        {FLOWS.map((f) => (
          <figure key={f}>
            <figcaption className="mb-1 font-mono text-xs">{f}</figcaption>
            <iframe title={f} src={localizedPath(locale, f)} className="h-[780px] w-[390px] rounded-2xl border-8 border-gray-800" />
          </figure>
        ))}
      </div>
    </section>
  );
}
