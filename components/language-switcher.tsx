'use client';

import { usePathname, useRouter } from 'next/navigation';
import { LOCALES, localizedPath, splitLocale, type Locale } from '@/lib/i18n/routing';

// Short codes on screen (every phone renders them without a Thai font); the full name in the page's language is the
// link's accessible name and tooltip.
const LABELS: Record<Locale, string> = { en: 'EN', th: 'TH', ru: 'RU' };

/**
 * Links to the current page in each language. The query string is added when clicked rather than read with
 * useSearchParams, which would take the switcher out of the server-rendered HTML (it would pop in after hydration
 * and shift the header). Texts come translated from the server (`names`: each language's name in the page's language).
 */
export function LanguageSwitcher({ current, label, names }: { current: Locale; label: string; names: Record<Locale, string> }) {
  // The browser's path ('/th/faq'), or during rendering the rewritten one ('/en/faq'): either way without its prefix.
  const pathname = splitLocale(usePathname() ?? '/').pathname;
  const router = useRouter();
  return (
    <nav aria-label={label} className="flex items-center text-sm sm:gap-1">
      {LOCALES.map((locale) => {
        const href = localizedPath(locale, pathname);
        return (
          // A plain link (a full load): the page in the other language is a cached document, and the proxy reads the
          // cookie set below on that very request.
          <a
            key={locale}
            href={href}
            hrefLang={locale}
            aria-current={locale === current ? 'true' : undefined}
            title={names[locale]}
            onClick={(event) => {
              // Remember the explicit choice for later visits (the proxy reads it).
              document.cookie = `NEXT_LOCALE=${locale}; path=/; max-age=31536000; samesite=lax`;
              const { search, hash } = window.location;
              if (search && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
                event.preventDefault();
                router.push(`${href}${search}${hash}`);
              }
            }}
            className={`rounded px-1.5 py-1 font-medium sm:px-2 ${locale === current ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            <span aria-hidden="true">{LABELS[locale]}</span>
            <span className="sr-only">{names[locale]}</span>
          </a>
        );
      })}
    </nav>
  );
}
