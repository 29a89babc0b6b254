import type { Locale } from './routing';

const THAI_FILES = [
  { weight: '400', local: ['Noto Sans Thai', 'NotoSansThai-Regular'], href: '/fonts/noto-sans-thai-thai-400-normal.woff2' },
  { weight: '600 700', local: ['Noto Sans Thai Bold', 'NotoSansThai-Bold'], href: '/fonts/noto-sans-thai-thai-700-normal.woff2' },
] as const;

/** Font files a page in `locale` should preload: Thai pages need the Thai faces for their first paint. */
export function fontPreloads(locale: Locale): string[] {
  return locale === 'th' ? THAI_FILES.map((f) => f.href) : [];
}

// Noto Sans Thai's own subset. Outside Thai pages the baht sign (U+0E3F) is left to the system font, which has it
// (Roboto, San Francisco, Segoe UI, DejaVu): a price must not download a Thai font nor re-lay out the page.
const THAI_RANGE = 'U+02D7,U+0303,U+0331,U+0E01-0E5B,U+200C-200D,U+25CC';
const THAI_RANGE_WITHOUT_BAHT = 'U+02D7,U+0303,U+0331,U+0E01-0E3E,U+0E40-0E5B,U+200C-200D,U+25CC';

/**
 * @font-face rules for Noto Sans Thai, used only where the system has no Thai font of its own (phones and desktops
 * have one: local() or an earlier family in --font-sans wins and nothing is downloaded). On Thai pages the files are
 * preloaded and `optional`, so Thai text is painted once, never re-wrapped under the reader. Elsewhere Thai text is
 * rare (a Thai name in a review), and `swap` keeps it legible while the file arrives.
 */
export function thaiFontFaceCss(locale: Locale): string {
  const display = locale === 'th' ? 'optional' : 'swap';
  const range = locale === 'th' ? THAI_RANGE : THAI_RANGE_WITHOUT_BAHT;
  return THAI_FILES.map(
    (f) =>
      `@font-face{font-family:"Noto Sans Thai";font-style:normal;font-weight:${f.weight};font-display:${display};` +
      `src:${f.local.map((name) => `local("${name}")`).join(',')},url("${f.href}") format("woff2");unicode-range:${range}}`,
  ).join('');
}
