import crypto from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { syncGoogleReviews, syncOptionsFromEnv } from '@/lib/reviews/sync';

export const dynamic = 'force-dynamic';

function authorized(request: NextRequest, secret: string | undefined): boolean {
  if (!secret) return false;
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** A scheduler calls this (GET or POST) with `Authorization: Bearer <CRON_SECRET>` to refresh the Google reviews. */
async function handle(request: NextRequest) {
  const config = env();
  if (!authorized(request, config.CRON_SECRET)) {
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
