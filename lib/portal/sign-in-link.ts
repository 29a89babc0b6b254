import 'server-only';
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { consumeRateLimit } from '@/lib/rate-limit';
import { networkOf } from '@/lib/rate-limit/network';
import { sendPortalSignInLink } from '@/lib/portal/sign-in-email';
import { enqueueTask, taskType } from '@/lib/platform/tasks/queue';

/** A sign-in link works once, for 15 minutes. */
export const SIGN_IN_LINK_MINUTES = 15;
const IDENTIFIER_PREFIX = 'customer:';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export type SignInLinkRequest = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface SignInLinkOptions {
  now?: Date;
}

/**
 * The part of a request that depends on whether the address has bookings, run by the task worker after the answer
 * (sendLinkIfKnown): the network, not the full address, is all the per-network limit needs. Few attempts: a link that
 * cannot be sent for minutes is asked for again.
 */
export const PORTAL_SIGN_IN_LINK = taskType(
  'portal.sign_in_link',
  z.object({ email: z.string().min(1).max(254), locale: z.string().max(5), network: z.string().max(100), requestedAt: z.iso.datetime() }),
  { maxAttempts: 3 },
);

/**
 * 'My Storage' sign-in: emails a one-time link to an address that has bookings (docs/product-rules.md#staff-access-and-
 * the-customer-portal, "Sign-in form"). The answer is the same, in the same time, whether or not the address is known:
 * only the per-network limit ('magicLink', the same for everybody) is checked and one task written before answering;
 * looking the address up, making the token and rendering the email are that task's (PORTAL_SIGN_IN_LINK, run by the
 * worker once written), and the email goes through the outbox (lib/platform/mail/send.ts). Only the token's hash is stored.
 * The owner of an address can always get a link, while strangers cannot flood it (issue 38, finding 9):
 *   - each requesting network may have 3 links a day sent to one address ('magicLinkEmail', keyed by both): a stranger
 *     elsewhere never uses up the owner's;
 *   - all networks together, 10 a day ('magicLinkEmailAll'); past that, a link is sent only when no earlier one is still
 *     valid: a flood from many networks is at most one email per link lifetime, and the owner who asks then finds a
 *     valid link in the mailbox (or, should it lapse, gets a new one on asking again).
 * Requests past either limit are answered alike and send nothing.
 */
export async function requestSignInLink(db: Db, rawEmail: string, locale: string, address: string, opts: SignInLinkOptions = {}): Promise<SignInLinkRequest> {
  const email = rawEmail.trim().toLowerCase();
  const limited = await consumeRateLimit(db, 'magicLink', address);
  if (!limited.ok) return { ok: false, retryAfterSeconds: limited.retryAfterSeconds };
  await enqueueTask(db, PORTAL_SIGN_IN_LINK, { email, locale, network: networkOf(address), requestedAt: (opts.now ?? new Date()).toISOString() });
  return { ok: true };
}

/** The PORTAL_SIGN_IN_LINK task: a link for an address with bookings, within the per-address limits; nothing otherwise. */
export async function sendLinkIfKnown(db: Db, task: z.infer<typeof PORTAL_SIGN_IN_LINK.payload>): Promise<void> {
  const { email, locale, network } = task;
  const now = new Date(task.requestedAt);
  const known = await db.booking.findFirst({ where: { customer: { email } }, select: { id: true } });
  if (!known) return;
  const identifier = `${IDENTIFIER_PREFIX}${email}`;
  if (!(await consumeRateLimit(db, 'magicLinkEmail', `${email}|${network}`)).ok) return;
  if (!(await consumeRateLimit(db, 'magicLinkEmailAll', email)).ok) {
    const valid = await db.verificationToken.count({ where: { identifier, expires: { gt: now } } });
    if (valid > 0) return;
  }
  const token = crypto.randomBytes(32).toString('base64url');
  await db.verificationToken.create({
    data: { identifier, token: hashToken(token), expires: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000) },
  });
  await sendPortalSignInLink(db, { to: email, locale, token, dedupeKey: `portal_sign_in:${hashToken(token)}`, minutes: SIGN_IN_LINK_MINUTES });
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
