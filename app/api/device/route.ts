import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { DEVICE_COOKIE, deviceCookieOptions, isDeviceId, newDeviceId } from '@/lib/security/device-cookie';

export const dynamic = 'force-dynamic';

/**
 * Gives the browser its device cookie when the wizard opens (docs/product-rules.md#holds). From a route handler on
 * purpose: a cookie set while a server action runs, by the action or by the proxy, makes Next render the action's page
 * into its answer, so the submit that used to set it sent the whole wizard back (58 kB; README "Performance"). Reads
 * no body and writes nothing on the server: a script calling it in a loop only collects cookies, each a new device
 * to the hold limits, as clearing the cookie always did.
 */
export async function POST(request: NextRequest) {
  const res = new NextResponse(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  if (!isDeviceId(request.cookies.get(DEVICE_COOKIE)?.value)) res.cookies.set(DEVICE_COOKIE, newDeviceId(), deviceCookieOptions(env()));
  return res;
}
