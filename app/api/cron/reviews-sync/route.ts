import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { cronAuthorized } from '@/lib/jobs';
import { syncGoogleReviews, syncOptionsFromEnv } from '@/lib/reviews/sync';

export const dynamic = 'force-dynamic';

/** A scheduler calls this (GET or POST) with `Authorization: Bearer <CRON_SECRET>` to refresh the Google reviews. */
async function handle(request: NextRequest) {
  const config = env();
  if (!cronAuthorized(request.headers.get('authorization'))) {
    return NextResponse.json({ ok: false, error: 'unauthorized' }, { status: 401 });
  }
  const options = syncOptionsFromEnv(config);
  if (!options) {
    return NextResponse.json(
      { ok: false, error: 'not_configured', message: 'GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_ID are not set.' },
      { status: 503 },
    );
  }
  const result = await syncGoogleReviews(db, options);
  return NextResponse.json(result, { status: result.ok ? 200 : 502 });
}

export const GET = handle;
export const POST = handle;
