import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pickLocalized } from '@/lib/i18n/localized';
import { waitingListPlace } from '@/lib/waiting-list/view';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'payment.waitingList' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/** A person on the waiting list sees their place in the queue (signed link from their emails). */
export default async function WaitingListPositionPage({ params, searchParams }: { params: Promise<{ locale: Locale; entryId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { locale, entryId } = await params;
  setRequestLocale(locale);
  const token = (await searchParams).token;
  const t = await getTranslations('payment.waitingList');
  const place = await waitingListPlace(entryId, typeof token === 'string' ? token : undefined);
  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{t('title')}</h1>
      {place ? (
        <p role="status" className="mt-4 text-lg text-gray-800">
          {t('position', { position: place.position, total: place.total, unitType: pickLocalized<string>(place.type.name, locale) ?? place.type.code.toUpperCase() })}
        </p>
      ) : (
        <p className="mt-4 text-gray-700">{t('notFound')}</p>
      )}
    </section>
  );
}
