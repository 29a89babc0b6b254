import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { routing } from '@/lib/i18n/routing';
import { langRedirectTarget } from '@/lib/i18n/lang-redirect';
import { cspOptionsFrom, isUploadedFile, newNonce, noncePolicy, pagePolicyFor } from '@/lib/security/csp';
import { env } from '@/lib/env';

const intl = createMiddleware(routing);

/**
 * Locale detection and ?lang= redirects (next-intl) for public pages, and the Content-Security-Policy of every page
 * rendered per request (lib/security/csp.ts): a fresh nonce, which Next reads from the request's policy and puts on
 * its scripts. The pages Next serves from its cache get their policy from the cache, made with the page
 * (lib/platform/cache/page-cache-handler.mjs): the proxy sets none for them in production, since a second policy
 * would be enforced beside it. Uploaded files (staff slips and identity documents) send their own policy: the proxy
 * neither sets one nor touches the request.
 */
export default function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isUploadedFile(pathname)) return NextResponse.next();
  const e = env();
  const production = e.NODE_ENV === 'production';
  // Nothing is cached in development: every page renders per request there, with a nonce.
  const nonce = production && pagePolicyFor(pathname) === 'cached' ? undefined : newNonce();
  const policy = nonce ? noncePolicy(nonce, cspOptionsFrom(e)) : undefined;

  let response: NextResponse;
  if (pathname === '/admin' || pathname.startsWith('/admin/')) {
    const headers = new Headers(request.headers);
    headers.set('content-security-policy', policy!);
    response = NextResponse.next({ request: { headers } });
  } else {
    const target = langRedirectTarget(request.nextUrl);
    if (target) {
      response = NextResponse.redirect(new URL(target, request.url), 308);
      const lang = request.nextUrl.searchParams.get('lang')!;
      response.cookies.set('NEXT_LOCALE', lang, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' });
    } else if (policy) {
      const headers = new Headers(request.headers);
      headers.set('content-security-policy', policy);
      response = intl(new NextRequest(request, { headers }));
    } else {
      response = intl(request);
    }
  }
  if (policy) response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // API routes, Next internals and static files are not pages. The link-preview pictures already carry their language
  // (/en/opengraph-image too): redirecting /en/… would put a redirect in front of every preview. Other addresses with a
  // dot (/nope.html) are localized like any unknown page, so they get the localized 404.
  matcher: ['/((?!api|_next|_vercel|(?:en|th|ru)/opengraph-image|.*\\.(?:ico|png|svg|jpe?g|webp|avif|gif|txt|xml|webmanifest|woff2?|js|css|map|json|pdf)).*)'],
};
