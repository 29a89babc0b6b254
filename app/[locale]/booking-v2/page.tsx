import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { db } from '@/lib/db';
import { routing } from '@/lib/i18n/routing';
import { pickClientMessages } from '@/lib/i18n/client-messages';
import { pageMetadata } from '@/lib/seo/metadata';
import { publicWizardData } from '@/lib/cache/public-readers';
import { loadDraftForReminder } from '@/lib/booking/drafts';
import { BookingWizard } from './_components/booking-wizard';
import { after } from 'next/server';
import { recordWizardStart } from '@/lib/analytics/wizard-starts';
import { log } from '@/lib/log';

// Public and indexable: visitors land here from search and shared links (listed in the sitemap).
export const generateMetadata = pageMetadata('booking', '/booking-v2');

// Rendered per request: the page carries a per-request CSP nonce (docs/product-rules.md#security-headers) and reads
// the reminder link's draft. Its unit list and rates come from the public catalogue's copy, at most seconds old
// (docs/product-rules.md#caching); the booking itself is priced again from the database.
export const dynamic = 'force-dynamic';

const CODE_RE = /^[a-z0-9_-]{1,20}$/i;

function param(value: string | string[] | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return v && CODE_RE.test(v.trim()) ? v.trim().toLowerCase() : null;
}

export default async function BookingPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  // Counted after the answer so the page never waits on it (the dashboard's conversion, lib/analytics/wizard-starts.ts).
  after(() => recordWizardStart(db).catch((err) => log.warn({ err }, 'wizard start not counted')));
  const [data, messages, t] = await Promise.all([publicWizardData(locale), getMessages(), getTranslations('booking')]);

  // The abandoned-draft reminder links back with ?draft=TOKEN to restore the customer's choices.
  const token = typeof query.draft === 'string' ? query.draft : null;
  const serverDraft = token ? await loadDraftForReminder(db, token) : null;

  return (
    <div className="bg-gray-50">
      <h1 className="sr-only">{t('pageTitle')}</h1>
      <NextIntlClientProvider messages={pickClientMessages(messages, ['booking', 'waitingList', 'taxBranch'])}>
        <BookingWizard
          data={data}
          initial={{ unitCode: param(query.unit), unitTypeFilter: param(query.unit_type), serverDraft }}
        />
      </NextIntlClientProvider>
    </div>
  );
}
