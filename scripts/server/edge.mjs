// What every response carries and what is refused before Next sees a request. Pages get their Content-Security-Policy
// from proxy.ts (lib/security/csp.ts); the strict one here covers everything else (API answers, files, the refusals
// below), so an error answered before routing still has its headers. docs/product-rules.md#security-headers

/** Methods the site's pages and routes answer; anything else (TRACE, PUT, …) is 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'];

/** The largest body any route takes (a 10 MB payment proof plus its multipart envelope); routes cap lower themselves. */
export const MAX_DECLARED_BODY = 11 * 1024 * 1024;

export function baselineHeaders({ production }) {
  const headers = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': production ? 'DENY' : 'SAMEORIGIN',
    'Permissions-Policy': 'camera=(self), geolocation=(self), microphone=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  };
  // Browsers only honour HSTS over HTTPS; sent in production so a TLS-terminating proxy passes it on.
  if (production) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Why a request is refused before routing, or null. A URL that does not decode (`/%ZZ`) or carries a control
 * character would otherwise reach Next and come back as a bare 500.
 */
export function refusal(req) {
  if (!ALLOWED_METHODS.includes(req.method)) return { status: 405, text: 'Method Not Allowed', headers: { Allow: ALLOWED_METHODS.join(', ') } };
  const url = req.url ?? '/';
  if (!url.startsWith('/')) return { status: 400, text: 'Bad Request' };
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  try {
    if (CONTROL.test(decodeURIComponent(pathname))) return { status: 400, text: 'Bad Request' };
    for (const part of query.split('&')) if (CONTROL.test(decodeURIComponent(part.replace(/\+/g, ' ')))) return { status: 400, text: 'Bad Request' };
  } catch {
    return { status: 400, text: 'Bad Request' };
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(declared) && declared > MAX_DECLARED_BODY) return { status: 413, text: 'Payload Too Large' };
  return null;
}
