/**
 * The device cookie's name, shape and attributes (docs/product-rules.md#holds: a random id the server sets once,
 * httpOnly, a year). Shared by the route that gives it when the wizard opens (app/api/device/route.ts) and by
 * lib/security/device.ts, which reads it for the hold limits.
 */
export const DEVICE_COOKIE = 'pss_device';

const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function isDeviceId(value: string | undefined): value is string {
  return value !== undefined && DEVICE_ID.test(value);
}

/** 18 random bytes, base64url (24 characters). */
export function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Secure wherever the site is served over HTTPS (production, unless SITE_URL says plain HTTP). */
export function deviceCookieOptions(e: { NODE_ENV?: string; SITE_URL?: string }) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', maxAge: YEAR_SECONDS, secure: e.NODE_ENV === 'production' && !e.SITE_URL?.startsWith('http://') };
}
