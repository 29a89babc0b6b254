import { NextResponse, type NextRequest } from 'next/server';
import { log } from '@/lib/log';
import { BODY_LIMITS, readBodyCapped } from '@/lib/http/body';
import { clientAddress } from '@/lib/rate-limit';
import { lineConfigFromEnv } from '@/lib/line/client';
import { answerLineWebhook, spendLineWebhookCall } from '@/lib/line/webhook';

export const dynamic = 'force-dynamic';

/** LINE's webhook (docs/product-rules.md#line-messages): link codes sent to the Official Account. 404 without LINE. */
export async function POST(request: NextRequest) {
  const config = lineConfigFromEnv();
  if (!config) return NextResponse.json({ error: 'not_found' }, { status: 404 });
  const limited = await spendLineWebhookCall(clientAddress(request.headers));
  if (!limited.ok) return NextResponse.json({ error: 'rate_limited' }, { status: 429, headers: { 'retry-after': String(limited.retryAfterSeconds) } });
  // The signature covers the exact bytes LINE sent; LINE's event batches are small, 1 MB is ample.
  const body = await readBodyCapped(request, BODY_LIMITS.webhook);
  if (!body.ok) return NextResponse.json({ error: body.reason === 'too_large' ? 'payload_too_large' : 'unreadable' }, { status: body.reason === 'too_large' ? 413 : 400 });
  try {
    const result = await answerLineWebhook(config, body.bytes.toString('utf8'), request.headers.get('x-line-signature'));
    return NextResponse.json(result.body, { status: result.status });
  } catch (error) {
    log.error({ err: error }, 'line webhook: handler failed');
    return NextResponse.json({ error: 'handler_failed' }, { status: 500 });
  }
}
