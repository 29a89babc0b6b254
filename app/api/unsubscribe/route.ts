import { NextResponse, type NextRequest } from 'next/server';
import { verifyUnsubscribe } from '@/lib/platform/mail/unsubscribe';
import { unsubscribe } from '@/lib/email/unsubscribe';
import { env } from '@/lib/env';
import { localizedPath, toLocale } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';

/**
 * One-click unsubscribe (RFC 8058): mail programs POST `List-Unsubscribe=One-Click` to the address in the
 * List-Unsubscribe header of marketing-type emails. The signed query names the address; the body is not needed.
 */
export async function POST(request: NextRequest) {
  const email = request.nextUrl.searchParams.get('e') ?? '';
  if (!verifyUnsubscribe(email, request.nextUrl.searchParams.get('t'))) return NextResponse.json({ error: 'invalid_link' }, { status: 404 });
  await unsubscribe(email);
  return NextResponse.json({ ok: true });
}

/** A person who opens the header's address in a browser gets the page with the button, in the email's language. */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const query = new URLSearchParams({ e: params.get('e') ?? '', t: params.get('t') ?? '' });
  return NextResponse.redirect(new URL(`${localizedPath(toLocale(params.get('l')), '/unsubscribe')}?${query}`, env().SITE_URL), 303);
}
