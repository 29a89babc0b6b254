import 'server-only';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ReactElement } from 'react';
import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import { Resend } from 'resend';
import { Prisma } from '@/generated/prisma/client';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { isSuppressed, MARKETING_TEMPLATES, unsubscribeOneClickUrl } from './unsubscribe';
import { toLocale } from '@/lib/i18n/routing';
import { z } from 'zod';
import { startTaskAfter, taskType } from '@/lib/platform/tasks/queue';
import { runClaimedTask, succeededTaskSql, TASK_LEASE_MS } from '@/lib/platform/tasks/worker';

export interface OutgoingEmail {
  /** one email per key, ever: a second send with the same key does nothing */
  dedupeKey: string;
  template: string;
  locale: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  bookingId?: string | null;
}

export interface EmailTransport {
  name: string;
  send(msg: { from: string; to: string; subject: string; html: string; text: string; id: string; headers?: Record<string, string> }): Promise<{ providerId: string | null }>;
}

/**
 * Delivering an email is a task (lib/platform/tasks): its attempts, backoff and dead letter are the tasks' own. The
 * email row is the message and the record of its delivery (status, attempts, last error, provider id).
 */
export const EMAIL_DELIVER = taskType('email.deliver', z.object({ dedupeKey: z.string() }), { maxAttempts: 6 });
export const emailTaskKey = (dedupeKey: string) => `email:${dedupeKey}`;

function fromAddress(): string {
  return env().EMAIL_FROM;
}

/** Resend when RESEND_API_KEY is set (RESEND_BASE_URL points it at a local fake in tests), else the outbox folder. */
export function defaultTransport(): EmailTransport {
  const key = env().RESEND_API_KEY;
  if (key) {
    const resend = new Resend(key, { baseUrl: env().RESEND_BASE_URL });
    return {
      name: 'resend',
      async send(m) {
        // Resend answers {data, error} and never throws; an error must fail the attempt so it is retried.
        const { data, error } = await resend.emails.send(
          { from: m.from, to: m.to, subject: m.subject, html: m.html, text: m.text, ...(m.headers ? { headers: m.headers } : {}) },
          { idempotencyKey: m.id },
        );
        if (error) throw new Error(`resend: ${error.name ?? 'error'}: ${error.message}`);
        return { providerId: data?.id ?? null };
      },
    };
  }
  return outboxTransport(env().EMAIL_OUTBOX_DIR);
}

/** Writes each email as .html, .txt and .json files, readable by people and tests when no email service is set up. */
export function outboxTransport(dir: string): EmailTransport {
  return {
    name: 'outbox',
    async send(m) {
      const abs = path.resolve(/*turbopackIgnore: true*/ dir);
      await fs.mkdir(abs, { recursive: true });
      const base = path.join(abs, `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.id}`);
      await fs.writeFile(`${base}.html`, m.html);
      await fs.writeFile(`${base}.txt`, m.text);
      await fs.writeFile(`${base}.json`, JSON.stringify({ id: m.id, from: m.from, to: m.to, subject: m.subject, headers: m.headers ?? {} }, null, 2));
      return { providerId: null };
    },
  };
}

/** 'suppressed': a marketing-type email to an address that unsubscribed; nothing was written or sent. */
export type SendOutcome = { id: string; status: 'sent' | 'failed' | 'duplicate' | 'pending' } | { id: null; status: 'suppressed' };

/**
 * Writes the EmailMessage row (deduplicated) with its delivery task already claimed by this caller, then delivers it.
 * Never throws for a delivery failure: the row is marked failed and the task worker sends it again after the backoff.
 */
export async function sendEmail(db: Db, msg: OutgoingEmail, transport: EmailTransport = defaultTransport()): Promise<SendOutcome> {
  if (MARKETING_TEMPLATES.has(msg.template) && (await isSuppressed(db, msg.to))) return { id: null, status: 'suppressed' };
  const data = { dedupeKey: msg.dedupeKey, template: msg.template, locale: msg.locale, toAddress: msg.to, subject: msg.subject, html: msg.html, text: msg.text, bookingId: msg.bookingId ?? null };
  // The insert itself tells a first send from a repeat (ON CONFLICT DO NOTHING), so a send costs no read before it;
  // the delivery task, claimed by this caller, is written in the same statement when the row is new. Plain SQL rather
  // than createManyAndReturn, whose query plan Prisma compiles anew each time (enqueueTasks, lib/platform/tasks/queue.ts).
  // A new row is pending with no attempt yet (the columns' defaults).
  const insert = Prisma.sql`
    INSERT INTO email_messages (id, dedupe_key, template, locale, to_address, subject, html, text, booking_id, created_at)
    VALUES (${crypto.randomUUID()}, ${data.dedupeKey}, ${data.template}, ${data.locale}, ${data.toAddress}, ${data.subject}, ${data.html}, ${data.text},
      ${data.bookingId}, ${new Date().toISOString()}::timestamp(3))
    ON CONFLICT DO NOTHING
    RETURNING id`;
  const written = await startTaskAfter(db, insert, EMAIL_DELIVER, { dedupeKey: msg.dedupeKey }, { dedupeKey: emailTaskKey(msg.dedupeKey), leaseMs: TASK_LEASE_MS });
  const started = written && { row: { ...data, id: written.written, status: 'pending', attempts: 0 }, task: written.task };
  if (!started) {
    const other = await db.emailMessage.findUnique({ where: { dedupeKey: msg.dedupeKey }, select: { id: true } });
    // Gone already (erased with its booking between the two statements): nothing was sent by this call.
    return other ? { id: other.id, status: 'duplicate' } : { id: null, status: 'suppressed' };
  }
  let outcome: SendOutcome = { id: started.row.id, status: 'failed' };
  await runClaimedTask(db, started.task, async () => {
    outcome = await deliverEmail(db, started.row, transport, { settles: started.task.id });
    if (outcome.status === 'failed') throw new Error('email: delivery failed (see the email row)');
    return outcome.status === 'sent';
  });
  return outcome;
}

/**
 * react-email's toPlainText with its options compiled once: toPlainText compiles them (html-to-text's selectors) for
 * every email, 3 of its 4 ms on each (README "Performance", booking submits). Same options, same text
 * (emails/plain-text.tz.test.tsx compares them on every template).
 */
export const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * An email's HTML and plain text from one render: react-email's plain text is its HTML converted, so rendering the
 * element a second time for it would only cost the CPU again (README "Performance", booking submits).
 */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}

/** THE way a sender sends a template: renders it to HTML and plain text, then sendEmail (outbox row, dedupe, retries). */
export async function renderAndSend(db: Db, element: ReactElement, msg: Omit<OutgoingEmail, 'html' | 'text'>, transport?: EmailTransport): Promise<SendOutcome> {
  return sendEmail(db, { ...msg, ...(await renderEmail(element)) }, transport);
}

/** What a delivery attempt needs of an email row. */
export interface DeliverableEmail {
  id: string;
  status: string;
  attempts: number;
  template: string;
  /** the language it is written in (its unsubscribe page opens in it) */
  locale: string;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  bookingId: string | null;
}

/** What a caller that has just composed a queued email writes to its row with the attempt's outcome (lib/platform/mail/outbox.ts). */
export interface ComposedWrite {
  sent: Partial<Pick<DeliverableEmail, 'subject' | 'toAddress' | 'html' | 'text'>>;
  failed: Partial<Pick<DeliverableEmail, 'subject' | 'toAddress' | 'html' | 'text'>>;
}

/** What a delivery attempt writes with its outcome, in the same statement (one round trip, not two). */
export interface AttemptWrites {
  /** columns its caller has just composed (lib/platform/mail/outbox.ts) */
  composed?: ComposedWrite;
  /** the delivery task the caller claimed (runClaimedTask): marked succeeded with a sent outcome */
  settles?: string;
}

/**
 * One attempt at delivering an email row (its task claimed by the caller): the row records the outcome; a failure is
 * answered, not thrown, and the caller's task retries it.
 */
export async function deliverEmail(db: Db, email: string | DeliverableEmail, transport: EmailTransport = defaultTransport(), writes: AttemptWrites = {}): Promise<SendOutcome> {
  const { composed } = writes;
  // A caller that has just written or read the row passes it, so it is not read again.
  const row = typeof email === 'string' ? await db.emailMessage.findUniqueOrThrow({ where: { id: email } }) : email;
  const id = row.id;
  if (row.status === 'sent') return { id, status: 'duplicate' };
  const attempts = row.attempts + 1;
  try {
    const headers = MARKETING_TEMPLATES.has(row.template)
      ? { 'List-Unsubscribe': `<${unsubscribeOneClickUrl(row.toAddress, toLocale(row.locale))}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : undefined;
    const { providerId } = await transport.send({ from: fromAddress(), to: row.toAddress, subject: row.subject, html: row.html, text: row.text, id: row.id, headers });
    await recordAttempt(db, row, { status: 'sent', attempts, providerId, lastError: null }, composed?.sent, writes.settles);
    return { id, status: 'sent' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error({ template: row.template, emailId: id, attempts, error: message }, 'email: delivery failed');
    await recordAttempt(db, row, { status: 'failed', attempts, providerId: null, lastError: message.slice(0, 1000) }, composed?.failed);
    return { id, status: 'failed' };
  }
}

/**
 * An attempt's outcome on the email row (with the text composed for it, when given) and, for a booking's confirmation,
 * on the booking's snapshot, whose email status mirrors it, and a sent email's claimed task marked succeeded: one
 * statement, where Prisma's updates were three round trips (docs/performance.md, "Booking submits"). A failure keeps
 * the provider id and the sent time the row had; its task's backoff is the worker's (runClaimedTask).
 */
async function recordAttempt(
  db: Db,
  row: Pick<DeliverableEmail, 'id' | 'template' | 'bookingId'>,
  outcome: { status: 'sent' | 'failed'; attempts: number; providerId: string | null; lastError: string | null },
  content: ComposedWrite['sent'] | undefined,
  settles?: string,
): Promise<void> {
  const at = new Date();
  const now = at.toISOString();
  const sent = outcome.status === 'sent';
  const snapshotOf = row.template === 'booking_confirmation' ? row.bookingId : null;
  const task = sent && settles ? Prisma.sql`task AS (${succeededTaskSql(settles, at)}),` : Prisma.empty;
  await db.$executeRaw`
    WITH ${task} email AS (
      UPDATE email_messages SET
        status = ${outcome.status}::text::"EmailStatus", attempts = ${outcome.attempts}, last_error = ${outcome.lastError},
        provider_id = CASE WHEN ${sent} THEN ${outcome.providerId} ELSE provider_id END,
        sent_at = CASE WHEN ${sent} THEN ${now}::timestamp(3) ELSE sent_at END,
        subject = COALESCE(${content?.subject ?? null}, subject), to_address = COALESCE(${content?.toAddress ?? null}, to_address),
        html = COALESCE(${content?.html ?? null}, html), text = COALESCE(${content?.text ?? null}, text)
      WHERE id = ${row.id})
    UPDATE booking_snapshots SET email_status = ${outcome.status}::text::"EmailStatus", updated_at = ${now}::timestamp(3)
    WHERE booking_id = ${snapshotOf}`;
}
