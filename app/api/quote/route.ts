import type { NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { quoteAnswer } from '@/lib/cache/quote-answer';
import { clientAddress, consumeRateLimit } from '@/lib/rate-limit';
import { tooManyRequests } from '@/lib/http/body';
import { translator } from '@/lib/i18n/translator';

// Every query is different, so the answer is computed per request (lib/cache/quote-answer.ts); the rates come from
// the catalogue's copy (read once per change), and only a promo code costs a database read. A priced answer without a
// promo code is the same for everyone until the catalogue changes, so it says so (`public, s-maxage=10`) and the
// reverse proxy keeps it (deploy/nginx).
export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  // Guessing promo codes costs attempts, like the wizard's Apply button (docs/product-rules.md#holds).
  if (params.has('promo')) {
    const limited = await consumeRateLimit(db, 'promoCheck', clientAddress(request.headers));
    if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds, translator('en', 'actions')('rateLimited', { seconds: limited.retryAfterSeconds }));
  }
  const answer = await quoteAnswer(params);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
