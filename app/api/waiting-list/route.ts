import { NextResponse, type NextRequest } from 'next/server';
import { joinWaitingListFromBody, spendWaitingListJoin } from '@/lib/waiting-list/requests';
import { readJson, tooManyRequests } from '@/lib/http/body';
import { clientAddress } from '@/lib/rate-limit';
import { translator } from '@/lib/i18n/translator';

export const dynamic = 'force-dynamic';

export async function POST(request: NextRequest) {
  const t = translator(request.nextUrl.searchParams.get('language'), 'waitingList');
  const limited = await spendWaitingListJoin(clientAddress(request.headers));
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
  const result = await joinWaitingListFromBody(read.value);
  return NextResponse.json(result.body, { status: result.status, headers: { 'Cache-Control': 'no-store' } });
}
