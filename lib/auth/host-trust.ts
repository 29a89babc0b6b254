/**
 * Which requests next-auth may serve (its `trustHost`), decided once here for every way of starting the site: the
 * image, `npm start`, `npm run serve`, a hand-written unit. Rule: docs/product-rules.md#staff-sign-in-host.
 *
 * Auth.js builds its callback and redirect addresses from `X-Forwarded-Host` (else `Host`), so a request is trusted
 * only when that host is the one SITE_URL names. `X-Forwarded-Host` counts only behind a declared reverse proxy
 * (TRUSTED_PROXY_HOPS > 0), which writes it; without one, a visitor could write it, so both headers must then name
 * SITE_URL's host. Loopback names are interchangeable on the same port (a local start answers on localhost, 127.0.0.1
 * and [::1] alike). Outside production every host is trusted, as Auth.js itself does.
 */
export type HostTrustInput = {
  headers: Headers;
  siteUrl: string;
  trustedProxyHops: number;
  production: boolean;
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function splitHost(value: string, defaultPort: string): { name: string; port: string } | null {
  const first = value.split(',')[0]?.trim().toLowerCase();
  if (!first) return null;
  try {
    const url = new URL(`http://${first}`);
    // new URL drops a port equal to http's default; the site's own scheme decides what an absent port means.
    return { name: url.hostname, port: url.port || (first.endsWith(':80') ? '80' : defaultPort) };
  } catch {
    return null;
  }
}

function sameHost(a: { name: string; port: string }, b: { name: string; port: string }): boolean {
  if (a.port !== b.port) return false;
  if (a.name === b.name) return true;
  return LOOPBACK.has(a.name) && LOOPBACK.has(b.name);
}

export function isTrustedAuthHost({ headers, siteUrl, trustedProxyHops, production }: HostTrustInput): boolean {
  if (!production) return true;
  let site: URL;
  try {
    site = new URL(siteUrl);
  } catch {
    return false;
  }
  const defaultPort = site.protocol === 'https:' ? '443' : '80';
  const expected = { name: site.hostname.toLowerCase(), port: site.port || defaultPort };

  const hostHeader = headers.get('host');
  const forwardedHeader = headers.get('x-forwarded-host');
  const host = hostHeader ? splitHost(hostHeader, defaultPort) : null;
  const forwarded = forwardedHeader ? splitHost(forwardedHeader, defaultPort) : null;

  if (trustedProxyHops > 0) {
    // The proxy names the host the visitor asked for; the Host it sends us may be the app's internal name.
    const seen = forwarded ?? host;
    return seen !== null && sameHost(seen, expected);
  }
  if (!host || !sameHost(host, expected)) return false;
  return forwarded === null || sameHost(forwarded, expected);
}
