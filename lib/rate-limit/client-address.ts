import { env } from '@/lib/env';

/**
 * The visitor's network address, for rate limits. Next copies the socket address into X-Forwarded-For only when the
 * request has none, so a visitor could send any value there. With TRUSTED_PROXY_HOPS = n (n reverse proxies that each
 * append one address), the n-th address from the right is the one the first proxy saw and cannot be forged;
 * with 0 the app faces visitors directly and the production server (scripts/server.mjs) writes the socket address
 * into x-client-ip, replacing whatever the visitor sent.
 */
export function clientAddress(headers: Headers): string {
  const direct = headers.get('x-client-ip')?.trim();
  const hops = env().TRUSTED_PROXY_HOPS;
  if (hops > 0) {
    const chain = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const fromProxy = chain[chain.length - hops];
    if (fromProxy) return fromProxy;
  }
  if (direct) return direct;
  // Development server or a test calling a handler directly: the last hop Next recorded.
  const last = (headers.get('x-forwarded-for') ?? '').split(',').pop()?.trim();
  return last || 'unknown';
}
