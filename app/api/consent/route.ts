import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { readJson, tooManyRequests } from '@/lib/http/body';
import { clientAddress, consumeRateLimit } from '@/lib/rate-limit';
import { consentInput, recordConsent } from '@/lib/privacy/consent';

export const dynamic = 'force-dynamic';

/** Records a visitor's cookie choice (docs/product-rules.md#personal-data-pdpa). JSON, capped, rate-limited per address. */
export async function POST(request: NextRequest) {
  const limited = await consumeRateLimit(db, 'consentRecord', clientAddress(request.headers));
  if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds, 'Too many requests.', { ok: false });
  const read = await readJson(request);
  if (!read.ok) return NextResponse.json({ ok: false, error: 'invalid_request' }, { status: read.status });
  const parsed = consentInput.safeParse(read.value);
  if (!parsed.success) return NextResponse.json({ ok: false, error: 'invalid_request' }, { status: 400 });
  const { noticeVersion } = await recordConsent(db, parsed.data);
  return NextResponse.json({ ok: true, noticeVersion }, { headers: { 'Cache-Control': 'no-store' } });
}
