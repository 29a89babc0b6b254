import 'server-only';
import crypto from 'node:crypto';
import { env } from '@/lib/env';

/** The key every signed link and keyed hash of the site uses (AUTH_SECRET). */
export function linkSecret(): string {
  const s = env().AUTH_SECRET;
  if (s) return s;
  // A fixed key is public (it is in the source): anyone could sign a link to any booking. Fine on a developer's
  // machine, never in production, where `npm start` always provides a generated secret.
  if (env().NODE_ENV === 'production') throw new Error('AUTH_SECRET (at least 32 characters) is required to sign booking links');
  return 'development-only-portal-secret-not-for-production';
}

/**
 * Signed links (docs/product-rules.md#holds, "Links in emails"): `<issued>.<mac>`, where `issued` is the signing time in
 * seconds (base 36) and the MAC covers the link's name (`my-booking:BF2-…`, `invoice:<id>`, …) and that time. A link
 * opens for LINK_LIFETIME_MS after it was signed (every email signs a fresh one), and not at all when it was signed
 * before the booking's links were revoked.
 */
export const LINK_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

function mac(name: string, issued: string): string {
  return crypto.createHmac('sha256', linkSecret()).update(`${name}:${issued}`).digest('base64url');
}

/** A fresh signed token for `name` (a booking reference is signed as `my-booking:<reference>`). */
export function signLink(name: string, now: Date = new Date()): string {
  const issued = Math.floor(now.getTime() / 1000).toString(36);
  return `${issued}.${mac(name, issued)}`;
}

export interface LinkCheck {
  now?: Date;
  /** links signed before this moment are refused (staff revoked them) */
  revokedAt?: Date | null;
  lifetimeMs?: number;
}

/** True when `token` was signed for `name`, is still within its lifetime and was not revoked. */
export function verifyLink(name: string, token: string | null | undefined, check: LinkCheck = {}): boolean {
  if (!token || token.length > 200) return false;
  const m = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const expected = Buffer.from(mac(name, m[1]));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return false;
  const issuedMs = parseInt(m[1], 36) * 1000;
  const now = (check.now ?? new Date()).getTime();
  if (issuedMs > now + 5 * 60 * 1000 || now - issuedMs > (check.lifetimeMs ?? LINK_LIFETIME_MS)) return false;
  // Revocation is to the second, like the link's own time: a link signed in the revoking second is refused too.
  if (check.revokedAt && issuedMs < Math.floor(check.revokedAt.getTime() / 1000) * 1000 + 1000) return false;
  return true;
}

/** The token of the signed portal link `/my-booking/{reference}?token=…` sent in emails. */
export function portalToken(reference: string, now?: Date): string {
  return signLink(`my-booking:${reference}`, now);
}

export function verifyPortalToken(reference: string, token: string | null | undefined, check?: LinkCheck): boolean {
  return verifyLink(`my-booking:${reference}`, token, check);
}
