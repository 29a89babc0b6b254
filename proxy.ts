import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from '@/lib/i18n/routing';
import { langRedirectTarget } from '@/lib/i18n/lang-redirect';

const intl = createMiddleware(routing);

export default function proxy(request: NextRequest) {
  const target = langRedirectTarget(request.nextUrl);
  if (target) {
    const response = NextResponse.redirect(new URL(target, request.url), 308);
    const lang = request.nextUrl.searchParams.get('lang')!;
    response.cookies.set('NEXT_LOCALE', lang, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' });
    return response;
  }
  return intl(request);
}

export const config = {
  // Staff pages, API routes, Next internals and static files are not localized. The link-preview pictures already
  // carry their language (/en/opengraph-image too): redirecting /en/… would put a redirect in front of every preview.
  // Other addresses with a dot (/nope.html) are localized like any unknown page, so they get the localized 404.
  matcher: ['/((?!api|admin|_next|_vercel|(?:en|th|ru)/opengraph-image|.*\\.(?:ico|png|svg|jpe?g|webp|avif|gif|txt|xml|webmanifest|woff2?|js|css|map|json|pdf)).*)'],
};
