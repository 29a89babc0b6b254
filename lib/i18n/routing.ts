import { defineRouting } from 'next-intl/routing';

export const LOCALES = ['en', 'th', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * THE locale fallback: any value (a route parameter, a stored column, a header) as one of our locales, English when
 * it is not one. Server actions get theirs from the action wrapper's ctx.locale, resolved once from the request.
 */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  // English is unprefixed; /th and /ru carry their prefix.
  localePrefix: 'as-needed',
  // Remember an explicit choice for a year; the first visit falls back to Accept-Language.
  localeCookie: { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
  // hreflang alternates are emitted per page in its metadata instead.
  alternateLinks: false,
});

/**
 * THE builder of localized paths: `pathname` in `locale`. A path that already carries a locale prefix has it replaced,
 * never doubled, so handing an already localized path (an invoice link, a redirect target) to a link component or an
 * email cannot produce `/th/th/...` (docs/product-rules.md#links-in-every-language).
 */
export function localizedPath(locale: Locale, pathname: string): string {
  const clean = splitLocale(pathname.startsWith('/') ? pathname : `/${pathname}`).pathname;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** Splits '/th/faq' into { locale: 'th', pathname: '/faq' }. */
export function splitLocale(pathname: string): { locale: Locale | null; pathname: string } {
  const match = /^\/(th|ru|en)(?=\/|$)/.exec(pathname);
  if (!match) return { locale: null, pathname: pathname || '/' };
  return { locale: match[1] as Locale, pathname: pathname.slice(match[0].length) || '/' };
}
