/**
 * Which Content-Security-Policy a page gets (docs/product-rules.md#security-headers); the policies themselves are built
 * in lib/security/csp-policy.mjs. Two kinds, chosen by path in proxy.ts:
 *   - 'cached': the public pages Next serves from its cache (home, FAQ, calculator, GreenBox, legal, mobile features,
 *     and the booking wizard's first page, a shell with nothing about the visitor in it). Their policy is made when a
 *     page is generated: Next's page cache (lib/platform/cache/page-cache-handler.mjs) hashes the inline scripts of the
 *     document it stores and keeps the policy, `script-src 'self' 'sha256-…'…`, with those very bytes. No nonce (it
 *     would force a render per request) and no 'unsafe-inline'. In development nothing is cached, so they get 'nonce'.
 *   - 'nonce': every other page (the wizard's later pages, checkout, success and payment pages, invoices, the portal,
 *     staff pages, 404s): rendered per request with a fresh nonce; only scripts carrying it run.
 * All forbid framing, plugins, <base> changes and form posts to other sites.
 */
import { cspOptionsFrom, pagePolicy, type CspOptions } from './csp-policy.mjs';

export { cspOptionsFrom, pagePolicy, type CspOptions };

export type PagePolicy = 'nonce' | 'cached';

/**
 * First path segments (after the locale prefix) of the pages served from Next's cache: the routes that export
 * `revalidate` (docs/product-rules.md#caching). '' is the home page.
 */
export const CACHED_PAGE_SEGMENTS: ReadonlySet<string> = new Set(['', 'faq', 'space-calculator', 'greenbox', 'legal', 'mobile-features', 'booking-v2']);

export function pagePolicyFor(pathname: string): PagePolicy {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'admin') return 'nonce';
  const rest = segments[0] === 'th' || segments[0] === 'ru' || segments[0] === 'en' ? segments.slice(1) : segments;
  // Only the page itself: /faq/anything is a 404, rendered per request.
  return rest.length <= 1 && CACHED_PAGE_SEGMENTS.has(rest[0] ?? '') ? 'cached' : 'nonce';
}

/**
 * Uploaded files served by the app (payment slips, identity documents, condition photos): each route sends its own
 * policy (`sandbox`, no script), which nothing in front of it may replace or add to (Next keeps a header already set
 * and drops the route's).
 */
export const UPLOADED_FILE_PREFIXES = ['/admin/proofs/', '/admin/identity/', '/api/condition-photos/'] as const;

/**
 * An uploaded-file route's answer when there is no file to show (unknown id, not allowed): its own sandbox policy too,
 * so every answer of these routes carries one policy of the route's own, found or not.
 */
export function uploadedFileNotFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox", 'cache-control': 'no-store' },
  });
}

export function isUploadedFile(pathname: string): boolean {
  return UPLOADED_FILE_PREFIXES.some((p) => pathname.startsWith(p));
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The nonce policy of a page rendered per request. */
export function noncePolicy(nonce: string, opts: CspOptions): string {
  return pagePolicy({ nonce }, opts);
}
