import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { devPaymentSettings } from '@/lib/payments/dev-pages';
import { formatTHB } from '@/lib/format/money';
import { promptPayPayload, promptPayQrSvg } from '@/lib/payments/promptpay-qr';
import { devOnly } from '@/components/payments/dev-only';

export const dynamic = 'force-dynamic';
export const metadata = { robots: { index: false, follow: false } };

const DEMO_SATANG = 123_450;

/** The PromptPay QR for a sample amount to the configured PromptPay ID (404 in production). */
export default async function PromptPayDemoPage({ params }: { params: Promise<{ locale: Locale }> }) {
  devOnly();
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('devPages');
  const { promptpay } = await devPaymentSettings(['promptpay']);
  const payload = promptpay.id ? promptPayPayload(promptpay.id, DEMO_SATANG) : null;
  const svg = payload ? await promptPayQrSvg(payload) : null;
  return (
    <section className="mx-auto max-w-xl px-4 py-8 text-center">
      <h1 className="text-2xl font-bold">{t('promptpayTitle')}</h1>
      {svg ? (
        <>
          <div role="img" aria-label={t('promptpayTitle')} className="mx-auto mt-4 w-64 [&_svg]:h-auto [&_svg]:w-full" dangerouslySetInnerHTML={{ __html: svg }} />
          <p className="mt-2 font-bold">{formatTHB(DEMO_SATANG, locale)}</p>
          <p className="mt-2 break-all font-mono text-xs">{payload}</p>
        </>
      ) : (
        <p className="mt-4">{t('promptpayMissing')}</p>
      )}
    </section>
  );
}
