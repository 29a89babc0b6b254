import { NextResponse, type NextRequest } from 'next/server';
import { db } from '@/lib/db';
import { processStripeWebhook } from '@/lib/payments/webhook-route';
import { env } from '@/lib/env';
import { log } from '@/lib/log';

export const dynamic = 'force-dynamic';

export async function POST(request: NextRequest) {
  // The signature covers the exact bytes Stripe sent: read the raw body, never re-serialised JSON.
  const raw = await request.text();
  try {
    const result = await processStripeWebhook(db, raw, request.headers.get('stripe-signature'), env().STRIPE_WEBHOOK_SECRET);
    return NextResponse.json(result.body, { status: result.status });
  } catch (error) {
    log.error({ err: error }, 'stripe webhook: handler failed');
    // 500 makes Stripe retry; nothing was committed because each handler is one transaction.
    return NextResponse.json({ error: 'handler_failed' }, { status: 500 });
  }
}
