import { NextRequest } from 'next/server';
import { handlers } from '@/lib/auth/next-auth';
import { atSiteOrigin, badCallbackUrl, refuseQuietly, siteAddress } from '@/lib/auth/site-origin';
import { BODY_LIMITS, hasControlCharacters, readBodyCapped } from '@/lib/http/body';

// next-auth's own endpoints (session, csrf, credentials callback, sign-out). Sign-in attempts through them are
// limited and checked exactly like the sign-in form's (lib/auth/sign-in.ts).
export const dynamic = 'force-dynamic';

/**
 * next-auth builds every address it answers with (redirects, the callback URL) from the request's own URL, which a
 * server behind a proxy sees as its internal one (http://localhost:3000). It is handed the request at SITE_URL's origin
 * instead, and a callbackUrl it would log as a server error (no http(s) address) is refused quietly first
 * (docs/product-rules.md#staff-sign-in-host).
 */
export async function GET(request: NextRequest): Promise<Response> {
  if (badCallbackUrl(request)) return refuseQuietly(request);
  return handlers.GET(atSiteOrigin(request));
}

/**
 * next-auth reads its form whole. The body is read here first, capped like every JSON route's (declared or chunked:
 * refused with 413 the moment it passes 16 kB), and a form with control characters (a NUL in the email used to reach
 * the database and log a server error) is a plain 400; only then does next-auth see it
 * (docs/product-rules.md#security-headers, "Bodies").
 */
export async function POST(request: NextRequest): Promise<Response> {
  const body = await readBodyCapped(request, BODY_LIMITS.json);
  if (!body.ok) {
    const tooLarge = body.reason === 'too_large';
    return new Response(tooLarge ? 'Payload Too Large\n' : 'Bad Request\n', { status: tooLarge ? 413 : 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
  const text = body.bytes.toString('utf8');
  if (hasControlCharacters(text) || hasControlCharacters(Object.fromEntries(new URLSearchParams(text)))) {
    return new Response('Bad Request: the form contains characters that are not allowed.\n', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
  if (badCallbackUrl(request, new URLSearchParams(text).get('callbackUrl'))) return refuseQuietly(request);
  const headers = new Headers(request.headers);
  headers.delete('transfer-encoding');
  headers.set('content-length', String(body.bytes.byteLength));
  return handlers.POST(new NextRequest(siteAddress(request), { method: 'POST', headers, body: new Uint8Array(body.bytes) }));
}
