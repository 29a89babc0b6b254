import type { NextRequest } from 'next/server';
import { quoteResponse } from '@/lib/quote-api/answer';

// The quote API lives in lib/quote-api: parse.ts reads and prices the query, answer.ts rate-limits promo guesses and
// says how long the answer may be kept. Every query is different, so the answer is computed per request; the rates come
// from the catalogue's copy (read once per change), and only a promo code costs a database read. A priced answer
// without a promo code is the same for everyone until the catalogue changes, so it says so (`public, s-maxage=10`) and
// the reverse proxy keeps it (deploy/nginx).
export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  return quoteResponse(request.nextUrl.searchParams, request.headers);
}
