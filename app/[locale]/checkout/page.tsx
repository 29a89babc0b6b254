import type { Metadata } from 'next';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { pickLocalized } from '@/lib/i18n/localized';
import { effectiveMonthlyRate } from '@/lib/units/availability';
import { moveInWindow } from '@/lib/dates/bangkok';
import { TERM_CODES, type TermCode } from '@/lib/pricing';
import { stripeConfig } from '@/lib/payments/stripe/client';
import { checkoutView } from '@/lib/checkout/view';
import { CheckoutForm, type CheckoutTexts } from './checkout-form';
import { formatDimensions } from '@/lib/format/measures';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'checkout' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

type SP = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * One-page checkout for a known unit type and term (links from the space calculator, the abandoned-draft email, the
 * assistant and waiting-list offers): proforma, agreement, details and payment on one screen, booked through the
 * wizard's own server action and priced by lib/pricing.
 */
export default async function CheckoutPage({ params, searchParams }: { params: Promise<{ locale: Locale }>; searchParams: Promise<SP> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const t = await getTranslations('checkout');
  const now = new Date();
  const code = one(sp.unit).toLowerCase();
  const termParam = one(sp.term);
  const term: TermCode = (TERM_CODES as readonly string[]).includes(termParam) ? (termParam as TermCode) : '6m';
  const offerId = one(sp.offer);
  const { unitType, offer, bookable, agreement } = await checkoutView(code, offerId ? { id: offerId, token: one(sp.offerToken) } : null, locale, now);

  if (!unitType || !bookable || !agreement) {
    return (
      <section className="mx-auto max-w-xl px-4 py-12 text-center">
        <h1 className="text-2xl font-bold text-gray-900">{unitType ? t('soldOutTitle') : t('unknownUnitTitle')}</h1>
        <p className="mt-3 text-gray-700">{unitType ? t('soldOut') : t('unknownUnit')}</p>
        <Link href="/booking-v2" className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {t('toWizard')}
        </Link>
      </section>
    );
  }
  const messages = await getMessages();
  return (
    <div className="bg-gray-50">
      {/* Texts travel as plain strings: public pages ship no next-intl runtime (lib/i18n/client-runtime.test.ts). */}
        <CheckoutForm
          texts={{ ...(messages.checkout as unknown as CheckoutTexts), taxBranch: messages.taxBranch as unknown as CheckoutTexts }}
          locale={locale}
          unit={{
            code: unitType.code,
            name: pickLocalized<string>(unitType.name, locale) ?? unitType.code.toUpperCase(),
            dimensions: formatDimensions(unitType.dimensions, locale),
            monthlyRate: effectiveMonthlyRate(unitType, now),
            pricingMode: unitType.pricingMode,
          }}
          initialTerm={term}
          agreement={{ html: agreement.html, documentId: agreement.id }}
          window={moveInWindow(now)}
          cardAvailable={Boolean(stripeConfig())}
          offer={offer ? { id: offer.id, token: one(sp.offerToken), expiresAt: offer.expiresAt.toISOString() } : null}
        />
    </div>
  );
}
