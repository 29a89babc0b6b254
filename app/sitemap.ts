import type { MetadataRoute } from 'next';
import { LOCALES } from '@/lib/i18n/routing';
import { absoluteUrl } from '@/lib/seo/metadata';
import { INDEXABLE_PAGES } from '@/lib/seo/public-pages';

// Rendered on the first request of each server (so the absolute URLs follow SITE_URL where it runs, not where it was
// built) and served from cache (docs/product-rules.md#caching).
export const revalidate = 10;

/** Every indexable page in every language, each entry listing its hreflang alternates. Needs no database. */
export default function sitemap(): MetadataRoute.Sitemap {
  return INDEXABLE_PAGES.flatMap((page) => {
    const languages = {
      ...Object.fromEntries(LOCALES.map((l) => [l, absoluteUrl(l, page.path)])),
      'x-default': absoluteUrl('en', page.path),
    };
    return LOCALES.map((locale) => ({
      url: absoluteUrl(locale, page.path),
      changeFrequency: page.changeFrequency,
      priority: page.priority,
      alternates: { languages },
    }));
  });
}
