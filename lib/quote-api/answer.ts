import 'server-only';
import { db } from '@/lib/db';
import { publicPricingCatalogue } from '@/lib/site-data/readers';
import { clientAddress, consumeRateLimit } from '@/lib/rate-limit';
import { tooManyRequests } from '@/lib/http/body';
import { translator } from '@/lib/i18n/translator';
import { quoteFromSearchParams } from './parse';

/**
 * What GET /api/quote answers, as plain data: app/api/quote/route.ts sends it as a Response.
 */
export type QuoteAnswer = { status: number; headers: Record<string, string>; body: string };

/** Every query is different, so the answer is computed per request; the rates come from the catalogue's copy. */
export async function quoteAnswer(params: URLSearchParams, now: Date = new Date()): Promise<QuoteAnswer> {
  const result = await quoteFromSearchParams(db, params, now, publicPricingCatalogue());
  // The same choices give the same answer until the catalogue changes, so a shared cache may keep it as long as the
  // catalogue's copy lives; a promo code's answer depends on its uses and is never kept.
  const shareable = result.status === 200 && !params.has('promo');
  return {
    status: result.status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': shareable ? 'public, max-age=0, s-maxage=10' : 'no-store' },
    body: JSON.stringify(result.body),
  };
}

/**
 * The whole of GET /api/quote: guessing promo codes costs attempts, like the wizard's Apply button
 * (docs/product-rules.md#holds); everything else is the priced answer above.
 */
export async function quoteResponse(params: URLSearchParams, headers: Headers): Promise<Response> {
  if (params.has('promo')) {
    const limited = await consumeRateLimit(db, 'promoCheck', clientAddress(headers));
    if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds, translator('en', 'actions')('rateLimited', { seconds: limited.retryAfterSeconds }));
  }
  const answer = await quoteAnswer(params);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
