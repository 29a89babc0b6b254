import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import type { Db } from '@/lib/db';
import { lineConfigFromEnv } from './client';

/**
 * The LINE outbox (docs/product-rules.md#line-messages): beside the email a receipt, a payment reminder or a gate PIN
 * causes, a line_messages row is written when the customer has linked LINE; the `line-push` job delivers it (lib/jobs/line-outbox.ts), retried
 * with backoff, the outcome kept on the row. Nothing LINE does can hold up or fail the payment or the email. The text is
 * composed at delivery from the current data and never stored, so the gate PIN is neither kept nor logged.
 */
export type LineKind = 'receipt' | 'reminder' | 'gate_pin';
export const MAX_LINE_ATTEMPTS = 8;

/** 1, 2, 4 … minutes after each failure, at most an hour. */
export function lineRetryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

type Client = Db | Prisma.TransactionClient;

/**
 * Queues the LINE twin of an email (one call beside each email sender). Nothing when LINE is not configured or the
 * rental's customer has not linked it; one message per dedupeKey, ever.
 */
export async function queueLineMessage(db: Client, msg: { kind: LineKind; bookingId: string; refId?: string | null; dedupeKey: string }): Promise<void> {
  if (!lineConfigFromEnv()) return;
  const booking = await db.booking.findUnique({ where: { id: msg.bookingId }, select: { customer: { select: { email: true } } } });
  const email = booking?.customer.email.toLowerCase();
  if (!email || !(await db.lineLink.findUnique({ where: { email }, select: { id: true } }))) return;
  await db.lineMessage.createMany({
    data: [{ dedupeKey: `line:${msg.dedupeKey}`, kind: msg.kind, email, bookingId: msg.bookingId, refId: msg.refId ?? null }],
    skipDuplicates: true,
  });
}
