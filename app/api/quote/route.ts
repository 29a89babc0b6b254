import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { quoteFromSearchParams } from '@/lib/booking/quote-api';

// Live rates and promo usage change: never cache.
export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const result = await quoteFromSearchParams(db, request.nextUrl.searchParams);
  return NextResponse.json(result.body, { status: result.status, headers: { 'Cache-Control': 'no-store' } });
}
