// The Content-Security-Policy of a page (docs/product-rules.md#security-headers), as plain JavaScript because two places
// build it: proxy.ts (through lib/security/csp.ts), for pages rendered per request, and Next's page cache
// (lib/platform/cache/page-cache-handler.mjs, loaded by Next at run time outside the app's bundle), for the pages
// served from cache, whose policy lists the hashes of the inline scripts of the document it is stored with.
import crypto from 'node:crypto';

const GTM_SCRIPT = 'https://www.googletagmanager.com';
const GTM_CONNECT = ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/**
 * What a policy depends on, read from the environment the same way by both builders (lib/env validates these
 * variables at start).
 * @param {{ NODE_ENV?: string, NEXT_PUBLIC_GTM_ID?: string, STRIPE_API_BASE?: string }} env
 */
export function cspOptionsFrom(env) {
  return {
    production: env.NODE_ENV === 'production',
    gtm: Boolean(env.NEXT_PUBLIC_GTM_ID),
    checkoutOrigin: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE).origin : 'https://checkout.stripe.com',
  };
}

/**
 * A page's policy. `script` says which scripts run besides nothing at all:
 *   - { nonce }: pages rendered per request; only scripts carrying the nonce, and what they load ('strict-dynamic');
 *   - { hashes }: pages served from cache; scripts from this origin, and inline ones only when their SHA-256 is listed.
 * Neither allows 'unsafe-inline' scripts.
 * @param {{ nonce: string } | { hashes: string[] }} script
 * @param {{ production: boolean, gtm: boolean, checkoutOrigin: string }} opts
 */
export function pagePolicy(script, opts) {
  const scriptSrc =
    'nonce' in script
      ? // 'strict-dynamic' ignores host lists in browsers that know it; GTM arrives through our own loader script.
        [`'nonce-${script.nonce}'`, "'strict-dynamic'"]
      : ["'self'", ...script.hashes, ...(opts.gtm ? [GTM_SCRIPT] : [])];
  // Development needs eval for React's debugging aids and a websocket for hot reload.
  if (!opts.production) scriptSrc.push("'unsafe-eval'");
  const directives = {
    'default-src': ["'self'"],
    'script-src': scriptSrc,
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

/** The CSP source expressions of every inline script of an HTML document ('sha256-…'), each once, in order. */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    const source = `'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`;
    if (!hashes.includes(source)) hashes.push(source);
  }
  return hashes;
}
