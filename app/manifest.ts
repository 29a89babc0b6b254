import type { MetadataRoute } from 'next';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';

/**
 * Web app manifest: lets visitors install the site; the installed app shows the action bar (components/mobile). One
 * manifest for the whole site (Next serves it from the app's root, outside [locale]), so in the default language, from
 * the same messages as the pages; start_url '/' opens in the visitor's language (the NEXT_LOCALE cookie, proxy.ts).
 */
export default function manifest(): MetadataRoute.Manifest {
  const t = translator(DEFAULT_LOCALE, 'meta');
  return {
    id: '/',
    name: t('siteName'),
    short_name: 'PSS Storage',
    description: t('siteDescription'),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0f766e',
    background_color: '#ffffff',
    lang: DEFAULT_LOCALE,
    categories: ['business', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
