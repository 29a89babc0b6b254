import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LOCALES, localizedPath, toLocale, type Locale } from '@/lib/i18n/routing';
import { env } from '@/lib/env';

export const OG_LOCALE: Record<Locale, string> = { en: 'en_US', th: 'th_TH', ru: 'ru_RU' };

export function siteUrl(): string {
  return env().SITE_URL;
}

/**
 * The one absolute form of a page's address, used by canonical, hreflang, og:url, JSON-LD and the sitemap alike.
 * The English home is the bare origin ('https://example.com', no trailing slash) because that is how Next prints
 * metadata URLs whose path is '/'; any other spelling would make the sitemap disagree with the canonical.
 */
export function absoluteUrl(locale: Locale, path: string): string {
  const localized = localizedPath(locale, path);
  return `${siteUrl()}${localized === '/' ? '' : localized}`;
}

/** The link-preview picture of a language, drawn by app/[locale]/opengraph-image.tsx. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export function ogImageFor(locale: Locale, alt: string) {
  // Prefixed even for English: the proxy leaves this path alone (see proxy.ts), so no redirect stands in front of it.
  return { url: `${siteUrl()}/${locale}/opengraph-image`, ...OG_IMAGE_SIZE, type: 'image/png', alt };
}

/** Canonical and hreflang alternates (en, th, ru, x-default) for a path without locale prefix. */
export function alternatesFor(locale: Locale, path: string): NonNullable<Metadata['alternates']> {
  return {
    canonical: absoluteUrl(locale, path),
    languages: {
      ...Object.fromEntries(LOCALES.map((l) => [l, absoluteUrl(l, path)])),
      'x-default': absoluteUrl('en', path),
    },
  };
}

import type en from '@/messages/en.json';
import { MAX_TERM_DISCOUNT_PCT } from '@/lib/pricing/catalog';

/** Pages with texts under meta.pages in the messages; adding a page there makes its key valid here. */
export type PageKey = keyof (typeof en)['meta']['pages'];

/**
 * `export const generateMetadata = pageMetadata('faq', '/faq')` gives a page its title, description, canonical,
 * hreflang alternates and Open Graph tags from `meta.pages.<key>` in the messages.
 */
export function pageMetadata(page: PageKey, path: string, options: { noindex?: boolean } = {}) {
  return async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
    const { locale: requested } = await params;
    const locale: Locale = toLocale(requested);
    const t = await getTranslations({ locale, namespace: 'meta' });
    const title = t(`pages.${page}.title` as `pages.${PageKey}.title`);
    // The home page quotes the largest prepaid discount (lib/pricing), filled from the same constant.
    const description = t(`pages.${page}.description` as `pages.${PageKey}.description`, { maxTermPct: MAX_TERM_DISCOUNT_PCT });
    // Every page names its picture: a page's own openGraph would otherwise drop the one app/[locale] provides.
    const image = ogImageFor(locale, t('ogImageAlt'));
    return {
      title: page === 'home' ? { absolute: title } : title,
      description,
      alternates: alternatesFor(locale, path),
      openGraph: {
        type: 'website',
        siteName: t('siteName'),
        title,
        description,
        url: absoluteUrl(locale, path),
        locale: OG_LOCALE[locale],
        alternateLocale: LOCALES.filter((l) => l !== locale).map((l) => OG_LOCALE[l]),
        images: [image],
      },
      twitter: { card: 'summary_large_image', title, description, images: [image] },
      robots: options.noindex ? { index: false, follow: false } : { index: true, follow: true },
    };
  };
}
