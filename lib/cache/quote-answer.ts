import 'server-only';
import { db } from '@/lib/db';
import { publicPricingCatalogue } from '@/lib/cache/public-readers';
import { quoteFromSearchParams } from '@/lib/booking/quote-api';

/**
 * What GET /api/quote answers, as plain data: app/api/quote/route.ts sends it as a Response, and the production server
 * sends the very same answer without Next's router (scripts/server/quote-fast-path.mjs, README "Performance").
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

const FAST_PATH = Symbol.for('pss.quoteFastPath');

/**
 * The answer the production server may send itself, or null when Next's route must answer: a promo code costs an
 * attempt of the visitor's address (the route's rate limit, docs/product-rules.md#holds), so it goes through the route.
 */
export function quoteFastPath(params: URLSearchParams): Promise<QuoteAnswer> | null {
  return params.has('promo') ? null : quoteAnswer(params);
}

/**
 * Hands quoteFastPath to the production server (scripts/server.mjs) through globalThis, as lib/db hands it the
 * database's closer: the app is compiled into Next's own module graph, which the plain server cannot import. Called
 * once per server process at start (instrumentation.ts), so every cluster worker registers its own.
 */
export function registerQuoteFastPath(): void {
  (globalThis as Record<symbol, unknown>)[FAST_PATH] = quoteFastPath;
}
