import type { MetadataRoute } from 'next';

/** Web app manifest: lets visitors install the site; the installed app shows the action bar (components/mobile). */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: 'Phuket Self Storage',
    short_name: 'PSS Storage',
    description: 'Secure, climate-controlled and drive-up storage units in Cherngtalay, Phuket. Book online, 24/7 PIN access.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0f766e',
    background_color: '#ffffff',
    lang: 'en',
    categories: ['business', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
