import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { devPaymentSettings } from '@/lib/payments/dev-pages';
import { stripeConfig } from '@/lib/payments/stripe/client';
import { cryptoAmounts } from '@/lib/pricing';
import { devOnly } from '@/components/payments/dev-only';

export const dynamic = 'force-dynamic';
export const metadata = { robots: { index: false, follow: false } };

/** Which payment methods are configured here and what 1,000 baht comes to in crypto (404 in production). */
export default async function PaymentMethodTestPage({ params }: { params: Promise<{ locale: Locale }> }) {
  devOnly();
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('devPages');
  const { promptpay, bank, cryptoRates } = await devPaymentSettings(['promptpay', 'bank', 'cryptoRates']);
  const stripe = stripeConfig();
  const crypto = cryptoAmounts(100_000, cryptoRates);
  const rows: [string, string][] = [
    [t('methodCard'), stripe ? (stripe.apiBase ? t('fake', { url: stripe.apiBase }) : t('live')) : t('off')],
    [t('methodPromptPayQr'), promptpay.id || t('off')],
    [t('methodBank'), `${bank.bankName} ${bank.accountNumber}`],
    [t('methodCrypto'), `฿1,000 = ${crypto.usdt} USDT = ${crypto.btc} BTC`],
    [t('webhook'), stripe?.webhookSecret ? t('on') : t('off')],
  ];
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('methodsTitle')}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-gray-600">{k}</dt>
            <dd className="font-mono">{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
