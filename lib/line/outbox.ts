import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import type { Db } from '@/lib/db';
import { z } from 'zod';
import { enqueueTask, taskType } from '@/lib/platform/tasks/queue';
import { lineConfigFromEnv } from './client';

/**
 * LINE messages (docs/product-rules.md#line-messages): beside the email a receipt, a payment reminder or a gate PIN
 * causes, a `line.push` task (lib/platform/tasks) is written when the customer has linked LINE; the task worker
 * delivers it (lib/jobs/line-push.ts), retried with the tasks' one backoff, the outcome kept on the task. Nothing LINE
 * does can hold up or fail the payment or the email. The text is composed at delivery from the current data and never
 * stored, so the gate PIN is neither kept nor logged.
 */
export const LINE_KINDS = ['receipt', 'reminder', 'gate_pin'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const LINE_PUSH = taskType(
  'line.push',
  z.object({ kind: z.enum(LINE_KINDS), email: z.string(), bookingId: z.string(), refId: z.string().nullable() }),
);

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
  await enqueueTask(db, LINE_PUSH, { kind: msg.kind, email, bookingId: msg.bookingId, refId: msg.refId ?? null }, { dedupeKey: `line:${msg.dedupeKey}` });
}

/** Every LINE task of an address or a rental, whatever its state (a subject's data, an erasure). */
export function lineTasksOf(of: { email: string } | { bookingId: string }) {
  const [key, value] = 'email' in of ? ['email', of.email.toLowerCase()] : ['bookingId', of.bookingId];
  return { type: LINE_PUSH.type, payload: { path: [key], equals: value } } satisfies Prisma.TaskWhereInput;
}

/** LINE tasks not yet delivered to an address (the customer unlinked, or asked for erasure). */
export function pendingLineTasksOf(email: string) {
  return { type: LINE_PUSH.type, status: { in: ['pending', 'running'] }, payload: { path: ['email'], equals: email.toLowerCase() } } satisfies Prisma.TaskWhereInput;
}
