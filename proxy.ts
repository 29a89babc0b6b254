import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { routing } from '@/lib/i18n/routing';
import { langRedirectTarget } from '@/lib/i18n/lang-redirect';
import { contentSecurityPolicy, newNonce, pagePolicyFor, type CspOptions } from '@/lib/security/csp';
import { env } from '@/lib/env';

const intl = createMiddleware(routing);

function cspOptions(): CspOptions {
  const e = env();
  const stripe = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE).origin : 'https://checkout.stripe.com';
  return { production: e.NODE_ENV === 'production', gtm: Boolean(e.NEXT_PUBLIC_GTM_ID), checkoutOrigin: stripe };
}

/**
 * Locale detection and ?lang= redirects (next-intl) for public pages, and every page's Content-Security-Policy
 * (lib/security/csp.ts): pages with customer data get a per-request nonce, which Next reads from the request's CSP
 * header and puts on its scripts; cached public pages get the nonce-free policy.
 */
export default function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const kind = pagePolicyFor(pathname);
  const nonce = kind === 'nonce' ? newNonce() : undefined;
  const policy = contentSecurityPolicy(kind, cspOptions(), nonce);

  let response: NextResponse;
  if (pathname.startsWith('/admin/proofs/')) {
    response = NextResponse.next();
  } else if (pathname === '/admin' || pathname.startsWith('/admin/')) {
    const headers = new Headers(request.headers);
    headers.set('content-security-policy', policy);
    response = NextResponse.next({ request: { headers } });
  } else {
    const target = langRedirectTarget(request.nextUrl);
    if (target) {
      response = NextResponse.redirect(new URL(target, request.url), 308);
      const lang = request.nextUrl.searchParams.get('lang')!;
      response.cookies.set('NEXT_LOCALE', lang, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' });
    } else if (nonce) {
      const headers = new Headers(request.headers);
      headers.set('content-security-policy', policy);
      response = intl(new NextRequest(request, { headers }));
    } else {
      response = intl(request);
    }
  }
  // A staff slip (/admin/proofs/…) is an uploaded file served with its own, stricter policy (`sandbox`): the page
  // policy must not replace it.
  if (!pathname.startsWith('/admin/proofs/')) response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // API routes, Next internals and static files are not pages. The link-preview pictures already carry their language
  // (/en/opengraph-image too): redirecting /en/… would put a redirect in front of every preview. Other addresses with a
  // dot (/nope.html) are localized like any unknown page, so they get the localized 404.
  matcher: ['/((?!api|_next|_vercel|(?:en|th|ru)/opengraph-image|.*\\.(?:ico|png|svg|jpe?g|webp|avif|gif|txt|xml|webmanifest|woff2?|js|css|map|json|pdf)).*)'],
};
