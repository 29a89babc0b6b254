import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { quoteFromSearchParams } from '@/lib/booking/quote-api';
import { publicPricingCatalogue } from '@/lib/cache/public-readers';
import { clientAddress, consumeRateLimit } from '@/lib/rate-limit';
import { tooManyRequests } from '@/lib/http/body';
import { translator } from '@/lib/i18n/translator';

// Every query is different, so the answer is computed per request; the rates come from the catalogue's copy (read
// once per change), and only a promo code costs a database read.
export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  // Guessing promo codes costs attempts, like the wizard's Apply button (docs/product-rules.md#holds).
  if (params.has('promo')) {
    const limited = await consumeRateLimit(db, 'promoCheck', clientAddress(request.headers));
    if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds, translator('en', 'actions')('rateLimited', { seconds: limited.retryAfterSeconds }));
  }
  const result = await quoteFromSearchParams(db, params, new Date(), publicPricingCatalogue());
  // The same choices give the same answer until the catalogue changes, so a shared cache may keep it as long as the
  // catalogue's copy lives; a promo code's answer depends on its uses and is never kept.
  const shareable = result.status === 200 && !params.has('promo');
  return NextResponse.json(result.body, { status: result.status, headers: { 'Cache-Control': shareable ? 'public, max-age=0, s-maxage=10' : 'no-store' } });
}
