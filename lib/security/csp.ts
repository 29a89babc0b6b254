/**
 * The Content-Security-Policy of a page (docs/product-rules.md#security-headers). Three kinds, chosen by path in proxy.ts:
 *   - 'nonce': pages that handle customer data (the wizard, checkout, success and payment pages, invoices, the portal,
 *     staff pages) render per request, so each gets a fresh nonce and only scripts carrying it (and what they load,
 *     'strict-dynamic') run; no 'unsafe-inline' script.
 *   - 'cached': the public pages served from cache (home, FAQ, calculator, GreenBox, legal, mobile features, 404). A
 *     nonce would force them to render per request, and Next's inline RSC scripts change with the content, so no hash
 *     list can be fixed at build time: scripts run from this origin and inline, nothing else. These pages take no
 *     customer input and print no unsanitized HTML.
 *   - 'hashed': the booking wizard's first page, a cached shell (the customer's own draft lives in the browser and
 *     arrives after mount). It takes customer input, so no 'unsafe-inline': scripts from this origin, and inline ones
 *     only when their SHA-256 is listed. The hashes depend on the bytes of each rendered copy, so the production server
 *     (scripts/server/inline-script-hashes.mjs) computes them from the document it is about to send and puts them in
 *     place of INLINE_HASHES_PLACEHOLDER; the policy, hashes included, is then replayed with those very bytes. Left
 *     unreplaced (a server without that step), the placeholder is an unknown source and every inline script is blocked:
 *     it fails closed.
 * All forbid framing, plugins, <base> changes and form posts to other sites.
 */

export type PagePolicy = 'nonce' | 'cached' | 'hashed';

/** Replaced by the hashes of the document's inline scripts (scripts/server/inline-script-hashes.mjs). */
export const INLINE_HASHES_PLACEHOLDER = "'inline-script-hashes'";

/** First path segments (after the locale prefix) of the cached pages that take customer input: hashes, no nonce. */
const HASHED_SEGMENTS = new Set(['booking-v2']);

/** First path segments (after the locale prefix) of the pages that get a nonce. */
const NONCE_SEGMENTS = new Set([
  'booking-v2-success',
  'booking-success',
  'checkout',
  'my-booking',
  'customer',
  'invoice',
  'pay-invoice',
  'payment',
  'payment-instructions',
  'payment-success',
  'payment-cancelled',
  'waiting-list',
  'unsubscribe',
  // development-only test pages (404 in production)
  'test',
  'promptpay-demo',
  'test-payment-urls',
  'payment-method-test',
  'mobile-booking-test',
]);

export function pagePolicyFor(pathname: string): PagePolicy {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'admin') return 'nonce';
  const first = segments[0] === 'th' || segments[0] === 'ru' || segments[0] === 'en' ? segments[1] : segments[0];
  if (first && HASHED_SEGMENTS.has(first)) return 'hashed';
  return first && NONCE_SEGMENTS.has(first) ? 'nonce' : 'cached';
}

export interface CspOptions {
  production: boolean;
  /** NEXT_PUBLIC_GTM_ID when analytics is on */
  gtm: boolean;
  /** where a form may send the visitor besides this site (Stripe's hosted checkout) */
  checkoutOrigin: string;
}

const GTM_SCRIPT = 'https://www.googletagmanager.com';
const GTM_CONNECT = ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

export function contentSecurityPolicy(kind: PagePolicy, opts: CspOptions, nonce?: string): string {
  const script =
    kind === 'nonce'
      ? // 'strict-dynamic' ignores host lists in browsers that know it; GTM arrives through our own loader script.
        [`'nonce-${nonce}'`, "'strict-dynamic'"]
      : kind === 'hashed'
        ? ["'self'", INLINE_HASHES_PLACEHOLDER, ...(opts.gtm ? [GTM_SCRIPT] : [])]
        : ["'self'", "'unsafe-inline'", ...(opts.gtm ? [GTM_SCRIPT] : [])];
  // Development needs eval for React's debugging aids and a websocket for hot reload.
  if (!opts.production) script.push("'unsafe-eval'");
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': script,
    // React style attributes and next/font's inline faces.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(opts.gtm ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com'] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(opts.gtm ? GTM_CONNECT : []), ...(opts.production ? [] : ['ws:'])],
    'frame-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", opts.checkoutOrigin],
    // The development test page /mobile-booking-test frames the site; production forbids any framing.
    'frame-ancestors': [opts.production ? "'none'" : "'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
