import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/lib/db';
import { Prisma } from '@/generated/prisma/client';
import type { ReactElement } from 'react';
import { claimTaskByKey, runClaimedTask } from '@/lib/platform/tasks/worker';
import { queuedTasksCte, taskEntry, type TaskEntry } from '@/lib/platform/tasks/queue';
import { defaultTransport, deliverEmail, EMAIL_DELIVER, emailTaskKey, renderEmail, type EmailTransport, type SendOutcome } from './send';

/**
 * The outbox's other half (docs/product-rules.md#jobs, "Emails"): an email a transaction causes is written by that
 * transaction (queueEmail) with its `email.deliver` task, so a crash after the commit cannot lose it, and delivered
 * afterwards by the task worker (or by the writer right after its answer, claiming the same task). A queued row may be
 * written before its text exists (the transaction only knows which email is due): it is composed when delivered.
 */
type Tx = Prisma.TransactionClient;

/**
 * How a queued row's email is composed at delivery (null: not to be sent). Each domain owns its composers (e.g.
 * lib/booking/confirmation-email.tsx); lib/jobs/email-outbox.ts gathers them, so this file knows no domain.
 */
export type Composer = (db: Db, row: { bookingId: string | null; dedupeKey: string }) => Promise<{ element: ReactElement; subject: string; to: string } | null>;
export type Composers = Readonly<Record<string, Composer>>;

/** Templates that carry a secret (the gate PIN): their stored text is removed once sent, so the outbox does not keep it. */
const SECRET_TEMPLATES = new Set(['gate_pin']);

/** Writes an email to compose and deliver once the transaction commits. One email per dedupeKey, ever. */
export async function queueEmail(tx: Tx, msg: QueuedEmail): Promise<void> {
  await queueEmails(tx, [msg]);
}

type QueuedEmail = { dedupeKey: string; template: string; locale: string; to: string; bookingId: string | null };

/**
 * queueEmail for many emails in one statement, rows and delivery tasks together (a job queuing a day's invoice emails,
 * lib/billing/renewals.ts); the tasks as `queued_tasks`, so the commit wakes the worker.
 */
export async function queueEmails(tx: Tx, msgs: readonly QueuedEmail[]): Promise<void> {
  const queued = queuedEmailsCte(msgs);
  if (!queued) return;
  await tx.$executeRaw`WITH ${queued.cte}, ${queuedTasksCte(queued.tasks)!} SELECT 1`;
}

/**
 * The rows of queueEmails as a common table expression (`queued_emails`) for the caller to run inside a statement of
 * its own, and their delivery tasks for it to write with its own tasks (queuedTasksCte): a booking's confirmation costs
 * its submit no round trip of its own (lib/booking/reserve.ts). null: no emails.
 */
export function queuedEmailsCte(msgs: readonly QueuedEmail[]): { cte: Prisma.Sql; tasks: TaskEntry[] } | null {
  if (!msgs.length) return null;
  // Plain SQL rather than createMany, whose query plan Prisma compiles anew each time (enqueueTasks,
  // lib/platform/tasks/queue.ts); ON CONFLICT DO NOTHING: one email per dedupeKey, ever. Composed at delivery.
  const cte = Prisma.sql`queued_emails AS (
    INSERT INTO email_messages (id, dedupe_key, template, locale, to_address, subject, html, text, booking_id, created_at)
    SELECT t.id, t.dedupe_key, t.template, t.locale, t.to_address, '', '', '', t.booking_id, ${new Date().toISOString()}::timestamp(3)
    FROM unnest(
      ${msgs.map(() => crypto.randomUUID())}::text[],
      ${msgs.map((m) => m.dedupeKey)}::text[],
      ${msgs.map((m) => m.template)}::text[],
      ${msgs.map((m) => m.locale)}::text[],
      ${msgs.map((m) => m.to)}::text[],
      ${msgs.map((m) => m.bookingId)}::text[]
    ) AS t(id, dedupe_key, template, locale, to_address, booking_id)
    ON CONFLICT DO NOTHING)`;
  return { cte, tasks: msgs.map((msg) => taskEntry(EMAIL_DELIVER, { dedupeKey: msg.dedupeKey }, { dedupeKey: emailTaskKey(msg.dedupeKey) })) };
}

/** Composes a queued row (when it has no text yet) and makes one delivery attempt. */
async function composeAndDeliver(db: Db, dedupeKey: string, composers: Composers, transport: EmailTransport, settles?: string): Promise<SendOutcome> {
  let row = await db.emailMessage.findUnique({ where: { dedupeKey } });
  // Erased with its booking (lib/privacy) before it went: nothing to send.
  if (!row) return { id: null, status: 'suppressed' };
  const id = row.id;
  if (row.status === 'sent') return { id, status: 'duplicate' };
  let content: { subject: string; toAddress: string; html: string; text: string } | undefined;
  if (!row.html) {
    const composer = Object.hasOwn(composers, row.template) ? composers[row.template] : undefined;
    const composed = composer ? await composer(db, row) : null;
    if (!composed) {
      // Not to be sent after all (e.g. the recipient's daily booking-email limit): as if it had never been written.
      await db.emailMessage.delete({ where: { id } });
      return { id: null, status: 'suppressed' };
    }
    const { html, text } = await renderEmail(composed.element);
    content = { subject: composed.subject, toAddress: composed.to, html, text };
    row = { ...row, ...content };
  }
  const secret = SECRET_TEMPLATES.has(row.template);
  // The text composed now is written with the attempt's outcome, in one statement: kept after a failure for the next
  // attempt; a secret's, once sent, never (a crash before the write leaves the row uncomposed, and the next attempt
  // composes it again; the provider's idempotency key is the row's id).
  const outcome = await deliverEmail(db, row, transport, { composed: content && { sent: secret ? { ...content, html: '', text: '' } : content, failed: content }, settles });
  // A secret's text kept by an earlier failed attempt goes once it is sent.
  if (outcome.status === 'sent' && secret && !content) await db.emailMessage.update({ where: { id }, data: { html: '', text: '' }, select: { id: true } });
  return outcome;
}

/** Task `email.deliver`: one attempt; a failure throws so the task worker retries it after the backoff. */
export async function deliverEmailTask(db: Db, dedupeKey: string, composers: Composers, transport: EmailTransport = defaultTransport()) {
  const outcome = await composeAndDeliver(db, dedupeKey, composers, transport);
  if (outcome.status === 'failed') {
    const row = await db.emailMessage.findUnique({ where: { dedupeKey }, select: { lastError: true } });
    throw new Error(`email: ${row?.lastError ?? 'delivery failed'}`);
  }
  return { status: outcome.status };
}

/**
 * Delivers one queued email now, if nobody else is (the writer calls it after its answer; staff's Resend): claims its
 * task, so the worker does not deliver it at the same time, and leaves a failure to the worker's retries.
 */
export async function deliverQueuedWith(db: Db, dedupeKey: string, composers: Composers, transport: EmailTransport = defaultTransport()): Promise<SendOutcome | null> {
  const task = await claimTaskByKey(db, emailTaskKey(dedupeKey));
  if (!task) return null;
  let outcome: SendOutcome | null = null;
  await runClaimedTask(db, task, async () => {
    outcome = await composeAndDeliver(db, dedupeKey, composers, transport, task.id);
    if (outcome.status === 'failed') throw new Error('email: delivery failed (see the email row)');
    // A sent email's outcome marked its task succeeded in the same statement; a suppressed or repeated one did not.
    return outcome.status === 'sent';
  });
  return outcome;
}
