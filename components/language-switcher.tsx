'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { LOCALES, type Locale } from '@/lib/i18n/routing';

const LABELS: Record<Locale, string> = { en: 'EN', th: 'ไทย', ru: 'RU' };

/**
 * Links to the current page in each language. The query string is added when clicked rather than read with
 * useSearchParams, which would take the switcher out of the server-rendered HTML (it would pop in after hydration
 * and shift the header).
 */
export function LanguageSwitcher() {
  const t = useTranslations('languageSwitcher');
  const current = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  return (
    <nav aria-label={t('label')} className="flex items-center text-sm sm:gap-1">
      {LOCALES.map((locale) => (
        <Link
          key={locale}
          href={pathname}
          locale={locale}
          // A prefetch made under the old locale cookie would replay the proxy's redirect back to that locale.
          prefetch={false}
          lang={locale}
          hrefLang={locale}
          aria-current={locale === current ? 'true' : undefined}
          title={t(locale)}
          onClick={(event) => {
            // Remember the explicit choice for later visits.
            document.cookie = `NEXT_LOCALE=${locale}; path=/; max-age=31536000; samesite=lax`;
            const { search, hash } = window.location;
            if (search && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
              event.preventDefault();
              router.push(`${pathname}${search}${hash}`, { locale });
            }
          }}
          className={`rounded px-1.5 py-1 font-medium sm:px-2 ${locale === current ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          <span aria-hidden="true">{LABELS[locale]}</span>
          <span className="sr-only">{t(locale)}</span>
        </Link>
      ))}
    </nav>
  );
}
