import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { LOCALES } from '@/lib/i18n/routing';
import { log } from '@/lib/log';
import { publicRentalAgreement } from '@/lib/site-data/readers';

// The rental agreement the booking wizard shows at step 10, with its unfilled variables (the browser fills in the
// booking's particulars: lib/booking/agreement.ts). The wizard asks for it on its way there instead of carrying it in
// its first page. The same for everyone until staff change it, so a cache may keep it as long as a page
// (docs/product-rules.md#caching); answered from the catalogue's copy, which a legal change drops.
export const dynamic = 'force-dynamic';

const query = z.object({ locale: z.enum(LOCALES) });

export async function GET(request: NextRequest) {
  const parsed = query.safeParse({ locale: request.nextUrl.searchParams.get('locale') });
  if (!parsed.success) return NextResponse.json({ error: 'invalid_locale' }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
  try {
    const { id, title, html } = await publicRentalAgreement(parsed.data.locale);
    return NextResponse.json({ id, title, html }, { headers: { 'Cache-Control': 'public, max-age=0, s-maxage=10' } });
  } catch (error) {
    log.error({ err: error }, 'agreement: could not be read');
    return NextResponse.json({ error: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
