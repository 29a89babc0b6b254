import 'server-only';
import { keyedHash } from './keyed-hash';
import { DEVICE_COOKIE, deviceCookieOptions, isDeviceId, newDeviceId } from './device-cookie';

export { DEVICE_COOKIE };

/**
 * The browser's device cookie, hashed: the hold limits tell one browser's bookings apart by it
 * (docs/product-rules.md#holds). Clearing it makes a new device; the email, phone and address limits still hold.
 * proxy.ts gives a browser its cookie with its first server action, so an action normally only reads it here: a
 * cookie set by an action makes Next render the action's page again into its answer (a wasted render of the wizard
 * on every first submit; README "Performance"). Set here only for a request that did not pass the proxy. Only
 * server actions and route handlers may call this (it may set the cookie).
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
