import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Only the booking wizard renders a NextIntlClientProvider. next-intl's client hooks and its navigation Link need one:
 * used anywhere else they crash the page into the error boundary (the booking success page did). Everything else
 * gets its texts translated on the server and its links localized there (lib/i18n/link.tsx,
 * components/i18n/client-texts.tsx).
 */
const ROOTS = ['app', 'components', 'lib'];
const WIZARD = path.join('app', '[locale]', 'booking-v2') + path.sep;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('next-intl in the browser', () => {
  it('is used only inside the booking wizard, under its provider', () => {
    const offenders = ROOTS.flatMap(sources)
      .filter((file) => !file.startsWith(WIZARD))
      .filter((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return /from 'next-intl\/navigation'/.test(text) || /\buse(Translations|Locale|Messages|Formatter|Now|TimeZone)\(/.test(text);
      });
    expect(offenders).toEqual([]);
  });
});
