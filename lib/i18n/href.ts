import { localizedPath, type Locale } from './routing';

/** A page path without locale prefix, as a string ('/faq', '/#units', '/booking-v2?unit=m') or with a query object. */
export type Href = string | { pathname: string; query?: Record<string, string> };

/** The URL of `href` in `locale`: '/#units' → '/th#units', { pathname: '/booking-v2', query: { unit: 'm' } } → '/ru/booking-v2?unit=m'. */
export function localizedHref(locale: Locale, href: Href): string {
  const raw = typeof href === 'string' ? href : `${href.pathname}${href.query ? `?${new URLSearchParams(href.query)}` : ''}`;
  const [, path, rest] = /^([^?#]*)(.*)$/s.exec(raw)!;
  return `${localizedPath(locale, path || '/')}${rest}`;
}
