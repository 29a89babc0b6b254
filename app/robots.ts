import type { MetadataRoute } from 'next';
import { siteUrl } from '@/lib/seo/metadata';
import { PRIVATE_PATHS } from '@/lib/seo/public-pages';

// Rendered on the first request of each server (so the absolute URLs follow SITE_URL where it runs, not where it was
// built) and served from cache (docs/product-rules.md#caching).
export const revalidate = 10;

export default function robots(): MetadataRoute.Robots {
  const disallow = ['', '/th', '/ru'].flatMap((prefix) => PRIVATE_PATHS.map((p) => `${prefix}${p}`));
  return {
    rules: [{ userAgent: '*', allow: '/', disallow }],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
