import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { unitTypesFromSearchParams } from '@/lib/units/unit-types-api';

// Availability and promotional prices are live: never cache.
export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const result = await unitTypesFromSearchParams(db, request.nextUrl.searchParams);
  return NextResponse.json(result.body, { status: result.status, headers: { 'Cache-Control': 'no-store' } });
}
