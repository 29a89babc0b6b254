import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { routing } from '@/lib/i18n/routing';

// Any path no page matches: the localized not-found page, with a translated title and kept out of search results.
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { title: t('pages.notFound.title'), description: t('pages.notFound.description'), robots: { index: false, follow: true } };
}

export default function CatchAll() {
  notFound();
}
