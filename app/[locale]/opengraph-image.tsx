import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { getTranslations } from 'next-intl/server';
import { LOCALES, toLocale, type Locale } from '@/lib/i18n/routing';
import { OG_IMAGE_SIZE } from '@/lib/seo/metadata';

// The picture link previews show for every public page, in the page's language (pageMetadata names it; pages
// without their own Open Graph tags inherit it). Drawn once per language at build time (static params, no request
// data), so serving it costs nothing and needs no network.
export const size = OG_IMAGE_SIZE;
export const contentType = 'image/png';
export const alt = 'Phuket Self Storage';

export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}

// next/og's built-in font covers Latin and Cyrillic; Thai would be fetched from Google Fonts, which is not
// reachable here, so Thai gets the Noto Sans Thai files the site already ships (woff: ImageResponse reads no woff2).
async function fontsFor(locale: Locale) {
  if (locale !== 'th') return undefined;
  const file = (name: string) => readFile(path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules/@fontsource/noto-sans-thai/files', name));
  const faces = [
    ['thai', 400],
    ['thai', 700],
    ['latin', 400],
    ['latin', 700],
  ] as const;
  return Promise.all(
    // One family per subset: faces sharing a name and weight would shadow each other's glyphs.
    faces.map(async ([subset, weight]) => ({
      name: `Noto Sans Thai ${subset}`,
      data: await file(`noto-sans-thai-${subset}-${weight}-normal.woff`),
      weight,
      style: 'normal' as const,
    })),
  );
}

export default async function OpenGraphImage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale: requested } = await params;
  const locale: Locale = toLocale(requested);
  const [meta, hero, footer] = await Promise.all([
    getTranslations({ locale, namespace: 'meta' }),
    getTranslations({ locale, namespace: 'home.hero' }),
    getTranslations({ locale, namespace: 'footer' }),
  ]);
  const badges = [hero('badgeAccess'), hero('badgeSecure'), hero('badgeQuick')];
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: '64px 72px', background: '#134e4a', color: '#f0fdfa' }}>
        <div style={{ display: 'flex', fontSize: 34, fontWeight: 700, color: '#99f6e4' }}>{meta('siteName')}</div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ display: 'flex', fontSize: 72, fontWeight: 700, lineHeight: 1.15 }}>{hero('title')}</div>
          <div style={{ display: 'flex', marginTop: 24, fontSize: 32, lineHeight: 1.35, color: '#ccfbf1' }}>{footer('tagline')}</div>
        </div>
        <div style={{ display: 'flex', gap: 16 }}>
          {badges.map((b) => (
            <div key={b} style={{ display: 'flex', padding: '10px 22px', borderRadius: 999, background: '#0f766e', fontSize: 28 }}>
              {b}
            </div>
          ))}
        </div>
      </div>
    ),
    { ...size, fonts: await fontsFor(locale) },
  );
}
