/**
 * The Content-Security-Policy of a page (docs/product-rules.md#security-headers). Two kinds, chosen by path in proxy.ts:
 *   - 'nonce': pages that handle customer data (the wizard, checkout, success and payment pages, invoices, the portal,
 *     staff pages) render per request, so each gets a fresh nonce and only scripts carrying it (and what they load,
 *     'strict-dynamic') run; no 'unsafe-inline' script.
 *   - 'cached': the public pages served from cache (home, FAQ, calculator, GreenBox, legal, mobile features, 404). A
 *     nonce would force them to render per request, and Next's inline RSC scripts change with the content, so no hash
 *     list can be fixed at build time: scripts run from this origin and inline, nothing else. These pages take no
 *     customer input and print no unsanitized HTML.
 * Both forbid framing, plugins, <base> changes and form posts to other sites.
 */

export type PagePolicy = 'nonce' | 'cached';

/** First path segments (after the locale prefix) of the pages that get a nonce. */
const NONCE_SEGMENTS = new Set([
  'booking-v2',
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
