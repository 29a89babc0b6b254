'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Suspense } from 'react';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { LOCALES, type Locale } from '@/lib/i18n/routing';

const LABELS: Record<Locale, string> = { en: 'EN', th: 'ไทย', ru: 'RU' };

function Switcher() {
  const t = useTranslations('languageSwitcher');
  const current = useLocale();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  return (
    <nav aria-label={t('label')} className="flex items-center gap-1 text-sm">
      {LOCALES.map((locale) => (
        <Link
          key={locale}
          href={`${pathname}${search ? `?${search}` : ''}`}
          locale={locale}
          // A prefetch made under the old locale cookie would replay the proxy's redirect back to that locale.
          prefetch={false}
          lang={locale}
          hrefLang={locale}
          aria-current={locale === current ? 'true' : undefined}
          title={t(locale)}
          onClick={() => {
            // Remember the explicit choice for later visits.
            document.cookie = `NEXT_LOCALE=${locale}; path=/; max-age=31536000; samesite=lax`;
          }}
          className={`rounded px-2 py-1 font-medium ${locale === current ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          <span aria-hidden="true">{LABELS[locale]}</span>
          <span className="sr-only">{t(locale)}</span>
        </Link>
      ))}
    </nav>
  );
}

export function LanguageSwitcher() {
  return (
    <Suspense fallback={null}>
      <Switcher />
    </Suspense>
  );
}
