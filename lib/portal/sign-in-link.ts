import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/lib/db';
import { consumeRateLimit } from '@/lib/rate-limit';
import { sendPortalSignInLink } from '@/lib/email/portal-sign-in';

/** A sign-in link works once, for 15 minutes. */
export const SIGN_IN_LINK_MINUTES = 15;
const IDENTIFIER_PREFIX = 'customer:';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export type SignInLinkRequest = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * 'My Storage' sign-in: emails a one-time link to an address that has bookings. The answer is the same whether or not
 * the address is known, so the form cannot be used to find out who rents here. Limited per email and per address
 * ('magicLink'), so it cannot be used to flood a mailbox either. Only the token's hash is stored.
 */
export async function requestSignInLink(db: Db, rawEmail: string, locale: string, address: string, now = new Date()): Promise<SignInLinkRequest> {
  const email = rawEmail.trim().toLowerCase();
  for (const key of [`email:${email}`, `address:${address}`]) {
    const limited = await consumeRateLimit(db, 'magicLink', key);
    if (!limited.ok) return { ok: false, retryAfterSeconds: limited.retryAfterSeconds };
  }
  const known = await db.booking.findFirst({ where: { customer: { email } }, select: { id: true } });
  if (!known) return { ok: true };

  const token = crypto.randomBytes(32).toString('base64url');
  await db.verificationToken.create({
    data: { identifier: `${IDENTIFIER_PREFIX}${email}`, token: hashToken(token), expires: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000) },
  });
  await sendPortalSignInLink(db, { to: email, locale, token, dedupeKey: `portal_sign_in:${hashToken(token)}`, minutes: SIGN_IN_LINK_MINUTES });
  return { ok: true };
}

/** Uses up a sign-in link: the email it was sent to, or null when it is unknown, used or expired. */
export async function consumeSignInLink(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  // One statement: two clicks racing on the same link cannot both get a session.
  const rows = await db.$queryRaw<{ identifier: string; expires: Date }[]>`
    DELETE FROM verification_tokens WHERE token = ${hashToken(token)} AND identifier LIKE 'customer:%'
    RETURNING identifier, expires`;
  const row = rows[0];
  if (!row || row.expires.getTime() < now.getTime()) return null;
  return row.identifier.slice(IDENTIFIER_PREFIX.length);
}

/** Job-friendly clean-up of links nobody used. */
export async function purgeExpiredSignInLinks(db: Db, now = new Date()) {
  const { count } = await db.verificationToken.deleteMany({ where: { identifier: { startsWith: IDENTIFIER_PREFIX }, expires: { lt: now } } });
  return { deleted: count };
}
