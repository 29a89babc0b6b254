import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { unitTypesFromSearchParams } from '@/lib/units/unit-types-api';
import { publicUnitListing } from '@/lib/site-data/readers';

// Answered per request from the catalogue's copy (read once per change, at most seconds old: docs/product-rules.md#caching).
export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const result = await unitTypesFromSearchParams(db, request.nextUrl.searchParams, new Date(), publicUnitListing);
  return NextResponse.json(result.body, { status: result.status, headers: { 'Cache-Control': 'public, max-age=0, s-maxage=10' } });
}
