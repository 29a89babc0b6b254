import { NextResponse, type NextRequest } from 'next/server';
import { unitTypesApiAnswer } from '@/lib/site-data/unit-types-api';

// Answered per request from the catalogue's copy (read once per change, at most seconds old: docs/product-rules.md#caching).
export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const result = await unitTypesApiAnswer(request.nextUrl.searchParams);
  return NextResponse.json(result.body, { status: result.status, headers: { 'Cache-Control': 'public, max-age=0, s-maxage=10' } });
}
