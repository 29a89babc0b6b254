import 'server-only';
import { db } from '@/lib/db';
import { consumeRateLimit } from '@/lib/rate-limit';
import type { LineConfig } from './client';
import { handleLineWebhook } from './link';

/** POST /api/line/webhook on the app's database (docs/product-rules.md#line-messages). */

/** One webhook call from this address against its allowance ('lineWebhook', lib/rate-limit). */
export function spendLineWebhookCall(address: string) {
  return consumeRateLimit(db, 'lineWebhook', address);
}

/** The webhook's answer for the exact bytes LINE sent and their signature (lib/line/link.ts). */
export function answerLineWebhook(config: LineConfig, raw: string, signature: string | null) {
  return handleLineWebhook(db, config, raw, signature);
}
