import { NextResponse, type NextRequest } from 'next/server';
import { answerStripeWebhook } from '@/lib/payments/webhook-route';
import { log } from '@/lib/log';
import { BODY_LIMITS, readBodyCapped } from '@/lib/http/body';

export const dynamic = 'force-dynamic';

export async function POST(request: NextRequest) {
  // The signature covers the exact bytes Stripe sent: read the raw body, never re-serialised JSON. At most 1 MB, counted
  // as it streams (Stripe's events are a few kB), so nobody can make the server hold a large body (lib/http/body.ts).
  const body = await readBodyCapped(request, BODY_LIMITS.webhook);
  if (!body.ok) return NextResponse.json({ error: body.reason === 'too_large' ? 'payload_too_large' : 'unreadable' }, { status: body.reason === 'too_large' ? 413 : 400 });
  const raw = body.bytes.toString('utf8');
  try {
    const result = await answerStripeWebhook(raw, request.headers.get('stripe-signature'));
    return NextResponse.json(result.body, { status: result.status });
  } catch (error) {
    log.error({ err: error }, 'stripe webhook: handler failed');
    // 500 makes Stripe retry; nothing was committed because each handler is one transaction.
    return NextResponse.json({ error: 'handler_failed' }, { status: 500 });
  }
}
