import 'server-only';
import crypto from 'node:crypto';
import { keyedHash } from './keyed-hash';

/**
 * The browser's device cookie: a random id the server sets once (httpOnly, a year), so the hold limits can tell one
 * browser's bookings apart (docs/product-rules.md#holds). Clearing it makes a new device; the email, phone and address
 * limits still hold. Only server actions and route handlers may call this (it may set the cookie).
 */
export const DEVICE_COOKIE = 'pss_device';

export async function deviceKey(): Promise<string | null> {
  try {
    const { cookies } = await import('next/headers');
    const jar = await cookies();
    let id = jar.get(DEVICE_COOKIE)?.value;
    if (!id || !/^[A-Za-z0-9_-]{22,64}$/.test(id)) {
      id = crypto.randomBytes(18).toString('base64url');
      jar.set(DEVICE_COOKIE, id, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 365 * 24 * 60 * 60, secure: process.env.NODE_ENV === 'production' && !process.env.SITE_URL?.startsWith('http://') });
    }
    return keyedHash('device', id);
  } catch {
    // Outside a request (a script or a test).
    return null;
  }
}
