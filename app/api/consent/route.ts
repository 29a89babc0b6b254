import { NextResponse, type NextRequest } from 'next/server';
import { readJson, tooManyRequests } from '@/lib/http/body';
import { clientAddress } from '@/lib/rate-limit';
import { consentInput } from '@/lib/privacy/consent';
import { recordConsentNow, spendConsentRecord } from '@/lib/privacy/consent-requests';

export const dynamic = 'force-dynamic';

/** Records a visitor's cookie choice (docs/product-rules.md#personal-data-pdpa). JSON, capped, rate-limited per address. */
export async function POST(request: NextRequest) {
  const limited = await spendConsentRecord(clientAddress(request.headers));
  if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds, 'Too many requests.', { ok: false });
  const read = await readJson(request);
  if (!read.ok) return NextResponse.json({ ok: false, error: 'invalid_request' }, { status: read.status });
  const parsed = consentInput.safeParse(read.value);
  if (!parsed.success) return NextResponse.json({ ok: false, error: 'invalid_request' }, { status: 400 });
  const { noticeVersion } = await recordConsentNow(parsed.data);
  return NextResponse.json({ ok: true, noticeVersion }, { headers: { 'Cache-Control': 'no-store' } });
}
