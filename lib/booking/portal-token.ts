import 'server-only';
import crypto from 'node:crypto';
import { env } from '@/lib/env';

function secret(): string {
  const s = env().AUTH_SECRET;
  if (s) return s;
  // A fixed key is public (it is in the source): anyone could sign a link to any booking. Fine on a developer's
  // machine, never in production, where `npm start` always provides a generated secret.
  if (env().NODE_ENV === 'production') throw new Error('AUTH_SECRET (at least 32 characters) is required to sign booking links');
  return 'development-only-portal-secret-not-for-production';
}

/** The token of the signed portal link `/my-booking/{reference}?token=…` sent in emails. */
export function portalToken(reference: string): string {
  return crypto.createHmac('sha256', secret()).update(`my-booking:${reference}`).digest('base64url');
}

export function verifyPortalToken(reference: string, token: string | null | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(portalToken(reference));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
