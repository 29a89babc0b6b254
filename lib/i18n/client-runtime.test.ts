import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * next-intl translates on the server only. Its client hooks would bring its runtime ICU parser to the browser; the
 * booking wizard, the one client UI that formats texts itself, uses lib/i18n/compiled-client.tsx over texts the server
 * compiled (lib/i18n/compiled-format.ts says why). Those hooks need the wizard's CompiledIntlProvider: used anywhere
 * else they crash the page into the error boundary (the booking success page did, with next-intl's). Everything else
 * gets its texts translated on the server and its links localized there (lib/i18n/link.tsx,
 * components/i18n/client-texts.tsx).
 */
const ROOTS = ['app', 'components', 'lib'];
const WIZARD = path.join('app', '[locale]', 'booking-v2') + path.sep;
const NEXT_INTL_CLIENT =
  /import \{[^}]*\b(useTranslations|useLocale|useMessages|useFormatter|useNow|useTimeZone|useExtracted|NextIntlClientProvider)\b[^}]*\} from ['"]next-intl['"]|from ['"](next-intl\/navigation|use-intl)/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('translations in the browser', () => {
  it("no file uses next-intl's client hooks, provider or navigation, or use-intl itself", () => {
    const offenders = ROOTS.flatMap(sources).filter((file) => NEXT_INTL_CLIENT.test(fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it("the compiled texts' hooks are used only inside the booking wizard, under its provider", () => {
    const offenders = ROOTS.flatMap(sources)
      .filter((file) => !file.startsWith(WIZARD))
      .filter((file) => /from '@\/lib\/i18n\/compiled-client'/.test(fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
