import 'server-only';
import crypto from 'node:crypto';

function secret(): string {
  const s = process.env.AUTH_SECRET?.trim();
  // Without AUTH_SECRET (local dev) links still work but are only as private as this fixed key.
  return s && s.length >= 32 ? s : 'development-only-portal-secret-not-for-production';
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
