import { localizedPath, splitLocale, isLocale } from './routing';

/**
 * Old links carried ?lang=th|ru; they move permanently to the prefixed URL (docs/product-rules.md#site-languages-access). Returns the target path
 * with the remaining query, or null when the URL has no usable lang parameter.
 */
export function langRedirectTarget(url: URL): string | null {
  const lang = url.searchParams.get('lang');
  if (!isLocale(lang)) return null;
  const { pathname } = splitLocale(url.pathname);
  const params = new URLSearchParams(url.searchParams);
  params.delete('lang');
  const query = params.toString();
  return `${localizedPath(lang, pathname)}${query ? `?${query}` : ''}`;
}
