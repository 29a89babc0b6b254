import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fontPreloads, thaiFontFaceCss } from './fonts';

describe('Thai font loading', () => {
  it('preloads both Thai weights on Thai pages and paints them without a later swap', () => {
    expect(fontPreloads('th')).toEqual(['/fonts/noto-sans-thai-thai-400-normal.woff2', '/fonts/noto-sans-thai-thai-700-normal.woff2']);
    const css = thaiFontFaceCss('th');
    expect(css.match(/font-display:optional/g)).toHaveLength(2);
    expect(css).not.toContain('swap');
    for (const href of fontPreloads('th')) expect(fs.existsSync(path.join('public', href)), href).toBe(true);
  });

  it('downloads nothing up front on English and Russian pages and swaps the odd Thai word in when it arrives', () => {
    for (const locale of ['en', 'ru'] as const) {
      expect(fontPreloads(locale)).toEqual([]);
      expect(thaiFontFaceCss(locale).match(/font-display:swap/g)).toHaveLength(2);
    }
  });

  it('leaves the baht sign to the system font outside Thai pages, so a price never downloads the Thai font', () => {
    expect(thaiFontFaceCss('th')).toContain('unicode-range:U+02D7,U+0303,U+0331,U+0E01-0E5B,');
    for (const locale of ['en', 'ru'] as const) {
      const css = thaiFontFaceCss(locale);
      expect(css.match(/U\+0E01-0E3E,U\+0E40-0E5B/g)).toHaveLength(2);
      expect(css).not.toContain('0E01-0E5B');
    }
  });

  it('prefers a Thai font the device already has, regular and bold, before downloading one', () => {
    const css = thaiFontFaceCss('th');
    expect(css).toMatch(/font-weight:400;[^}]*src:local\("Noto Sans Thai"\),local\("NotoSansThai-Regular"\),url\("\/fonts\/noto-sans-thai-thai-400-normal\.woff2"\)/);
    expect(css).toMatch(/font-weight:600 700;[^}]*src:local\("Noto Sans Thai Bold"\),local\("NotoSansThai-Bold"\),url\("\/fonts\/noto-sans-thai-thai-700-normal\.woff2"\)/);
  });
});
