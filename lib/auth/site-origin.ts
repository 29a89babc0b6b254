import 'server-only';
import { NextRequest } from 'next/server';
import { env } from '@/lib/env';

/**
 * next-auth and SITE_URL (docs/product-rules.md#staff-sign-in-host, "Redirects"): every address next-auth answers
 * with names SITE_URL, never the server's internal name, and a callbackUrl that is no http(s) address on this site is
 * refused quietly (a plain redirect to the sign-in page), never logged as a server error.
 */
const CALLBACK_COOKIES = ['authjs.callback-url', '__Secure-authjs.callback-url'];
const SIGN_IN_PAGE = '/admin/sign-in';

function siteOrigin(): string {
  return new URL(env().SITE_URL).origin;
}

/** The request's address at SITE_URL's origin: the same path and query. */
export function siteAddress(request: NextRequest): URL {
  const url = new URL(request.url);
  return new URL(`${url.pathname}${url.search}`, siteOrigin());
}

/** The request as next-auth should see it (a bodiless GET): the same path and query at SITE_URL's origin. */
export function atSiteOrigin(request: NextRequest): NextRequest {
  const target = siteAddress(request);
  return target.href === request.url ? request : new NextRequest(target, request);
}

/** Where a callbackUrl may lead: a path of this site or an address on SITE_URL's origin; anything else is null. */
export function siteCallbackUrl(value: string): string | null {
  const origin = siteOrigin();
  if (value.length > 2_000) return null;
  try {
    const url = value.startsWith('/') && !value.startsWith('//') ? new URL(value, origin) : new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Whether the request carries a callbackUrl (query, form field or next-auth's cookie) that next-auth would take for a
 * server error: one that is not an http(s) address at all. (An http(s) address elsewhere is no error: next-auth's
 * redirect callback, lib/auth/next-auth.ts, sends it to the site.)
 */
export function badCallbackUrl(request: NextRequest, formValue?: string | null): boolean {
  const values = [request.nextUrl.searchParams.get('callbackUrl'), formValue, ...CALLBACK_COOKIES.map((n) => request.cookies.get(n)?.value)];
  return values.some((v) => v != null && v !== '' && !isHttpAddress(v));
}

function isHttpAddress(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith('/') ? siteOrigin() : undefined).protocol);
  } catch {
    return false;
  }
}

/** The quiet refusal: back to the sign-in page at SITE_URL, next-auth's callback cookie cleared. */
export function refuseQuietly(request: NextRequest): Response {
  const headers = new Headers({ Location: new URL(SIGN_IN_PAGE, siteOrigin()).href, 'Cache-Control': 'no-store' });
  for (const name of CALLBACK_COOKIES) {
    if (request.cookies.has(name)) headers.append('Set-Cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`);
  }
  return new Response(null, { status: 303, headers });
}
