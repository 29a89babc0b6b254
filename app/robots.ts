import type { MetadataRoute } from 'next';
import { siteUrl } from '@/lib/seo/metadata';
import { PRIVATE_PATHS } from '@/lib/seo/public-pages';

// Built per request so the absolute URLs follow SITE_URL where the server runs, not where it was built.
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const disallow = ['', '/th', '/ru'].flatMap((prefix) => PRIVATE_PATHS.map((p) => `${prefix}${p}`));
  return {
    rules: [{ userAgent: '*', allow: '/', disallow }],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
