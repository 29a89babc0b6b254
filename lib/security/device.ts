import 'server-only';
import { keyedHash } from './keyed-hash';
import { DEVICE_COOKIE, deviceCookieOptions, isDeviceId, newDeviceId } from './device-cookie';

/**
 * The browser's device cookie, hashed: the hold limits tell one browser's bookings apart by it
 * (docs/product-rules.md#holds). Clearing it makes a new device; the email, phone and address limits still hold.
 * The wizard gets it when it opens (POST /api/device), so the submit normally only reads it here: a cookie set during
 * a server action makes Next render the action's page into its answer (the whole wizard, 58 kB; README
 * "Performance"). Set here only when that request failed. Only server actions and route handlers may call this (it
 * may set the cookie).
 */
export async function deviceKey(): Promise<string | null> {
  try {
    const { cookies } = await import('next/headers');
    const jar = await cookies();
    let id = jar.get(DEVICE_COOKIE)?.value;
    if (!isDeviceId(id)) {
      id = newDeviceId();
      jar.set(DEVICE_COOKIE, id, deviceCookieOptions(process.env));
    }
    return keyedHash('device', id);
  } catch {
    // Outside a request (a script or a test).
    return null;
  }
}
