import { hasLocale } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/lib/i18n/routing';
import { compileClientMessages } from '@/lib/i18n/compiled-messages';
import { CompiledIntlProvider } from '@/lib/i18n/compiled-client';
import { WIZARD_NAMESPACES } from '@/lib/booking/wizard-namespaces';
import { pageMetadata } from '@/lib/seo/metadata';
import { publicWizardData } from '@/lib/site-data/readers';
import { isBuildPhase } from '@/lib/platform/cache/public-data';
import { BookingWizard } from './_components/booking-wizard';

// Public and indexable: visitors land here from search and shared links (listed in the sitemap).
export const generateMetadata = pageMetadata('booking', '/booking-v2');

// A cached shell, like the other public pages (docs/product-rules.md#caching): the unit list, rates and availability
// come from the public catalogue's copy, at most seconds old, and the booking itself is priced again from the database.
// Nothing per visitor is rendered here: the customer's draft (sessionStorage, or the reminder link's ?draft=) and the
// ?unit= / ?unit_type= choices are applied in the browser after mount, and the wizard start is counted by a small
// request then (openWizard in ./actions.ts). Its policy, like every cached page's, lists the hashes of its inline
// scripts: no nonce, no 'unsafe-inline' (lib/security/csp.ts, docs/product-rules.md#security-headers).
export const revalidate = 10;

export default async function BookingPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  // `next build` has no database: its copy is never stored (lib/platform/cache/page-cache-handler.mjs), the first visit renders.
  const wizardData = isBuildPhase() ? Promise.resolve(null) : publicWizardData(locale);
  const [data, messages, t] = await Promise.all([wizardData, getMessages(), getTranslations('booking')]);
  if (!data) return <h1 className="sr-only">{t('pageTitle')}</h1>;

  return (
    <div className="bg-gray-50">
      <h1 className="sr-only">{t('pageTitle')}</h1>
      <CompiledIntlProvider locale={locale} messages={compileClientMessages(messages, WIZARD_NAMESPACES)}>
        <BookingWizard data={data} />
      </CompiledIntlProvider>
    </div>
  );
}
