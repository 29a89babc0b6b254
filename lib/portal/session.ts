import 'server-only';
import crypto from 'node:crypto';
import { cookies } from 'next/headers';
import { authSecret } from '@/lib/auth/secret';
import { env } from '@/lib/env';

/**
 * The customer's 'My Storage' session: a signed cookie holding the email the sign-in link was sent to and its expiry.
 * Kept apart from the staff session (next-auth) on purpose: a customer must never hold anything the staff checks read.
 * Stateless, so signing out ends it in this browser; a link sent to a mailbox is the only way to get one.
 */
export const CUSTOMER_COOKIE = 'pss_customer';
export const CUSTOMER_SESSION_SECONDS = 7 * 24 * 60 * 60;

function sign(payload: string): string {
  return crypto.createHmac('sha256', authSecret()).update(`customer-session:${payload}`).digest('base64url');
}

export function encodeCustomerSession(email: string, now: number = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ e: email.toLowerCase(), x: Math.floor(now / 1000) + CUSTOMER_SESSION_SECONDS })).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** The email of a valid, unexpired session value, else null. */
export function decodeCustomerSession(value: string | undefined, now: number = Date.now()): string | null {
  if (!value) return null;
  const [payload, mac] = value.split('.');
  if (!payload || !mac) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const { e, x } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; x?: unknown };
    if (typeof e !== 'string' || typeof x !== 'number' || x * 1000 < now) return null;
    return e;
  } catch {
    return null;
  }
}

export async function getCustomerEmail(): Promise<string | null> {
  return decodeCustomerSession((await cookies()).get(CUSTOMER_COOKIE)?.value);
}

export async function startCustomerSession(email: string): Promise<void> {
  (await cookies()).set(CUSTOMER_COOKIE, encodeCustomerSession(email), {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().SITE_URL.startsWith('https://'),
    path: '/',
    maxAge: CUSTOMER_SESSION_SECONDS,
  });
}

export async function endCustomerSession(): Promise<void> {
  (await cookies()).delete(CUSTOMER_COOKIE);
}
