import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { waitingListFromBody } from '@/lib/waiting-list/api';
import { readJson, tooManyRequests } from '@/lib/http/body';
import { clientAddress, consumeRateLimit } from '@/lib/rate-limit';
import { translator } from '@/lib/i18n/translator';

export const dynamic = 'force-dynamic';

export async function POST(request: NextRequest) {
  const t = translator(request.nextUrl.searchParams.get('language'), 'waitingList');
  const limited = await consumeRateLimit(db, 'waitingListJoin', clientAddress(request.headers));
  if (!limited.ok) {
    return tooManyRequests(limited.retryAfterSeconds, translator(request.nextUrl.searchParams.get('language'), 'actions')('rateLimited', { seconds: limited.retryAfterSeconds }), {
      success: false,
      title: t('errorTitle'),
    });
  }
  // JSON only, 16 kB at most, read as it streams (lib/http/body.ts).
  const read = await readJson(request);
  if (!read.ok) {
    const message =
      read.status === 415 ? 'Send the request body as application/json.' : read.status === 413 ? 'The request body is too large.' : read.reason === 'control_characters' ? 'The request contains control characters.' : 'The request body is not valid JSON.';
    return NextResponse.json({ success: false, error: 'invalid_request', title: t('errorTitle'), message }, { status: read.status });
  }
  const result = await waitingListFromBody(db, read.value);
  return NextResponse.json(result.body, { status: result.status, headers: { 'Cache-Control': 'no-store' } });
}
