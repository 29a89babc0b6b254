import 'server-only';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { log } from '@/lib/log';
import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { defaultTransport, deliverEmail, MAX_EMAIL_ATTEMPTS, SENDING_LEASE_MS, type EmailTransport } from './send';

/**
 * The outbox's other half (docs/product-rules.md#jobs, "Emails"): an email a transaction causes is written by that
 * transaction (queueEmail), so a crash after the commit cannot lose it, and delivered afterwards, by the writer right
 * after its answer when it can and by the `retry-emails` job (every 2 minutes) in any case. A queued row may be written
 * before its text exists (the transaction only knows which email is due): it is composed when delivered.
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

/** queueEmail for many emails in one statement (a job queuing a day's invoice emails, lib/billing/renewals.ts). */
export async function queueEmails(tx: Tx, msgs: readonly QueuedEmail[]): Promise<void> {
  if (!msgs.length) return;
  await tx.emailMessage.createMany({
    data: msgs.map((msg) => ({ dedupeKey: msg.dedupeKey, template: msg.template, locale: msg.locale, toAddress: msg.to, subject: '', html: '', text: '', bookingId: msg.bookingId })),
    skipDuplicates: true,
  });
}

/**
 * Claims a due row (pending or failed, its time come) so no other server or run delivers it at the same time; the
 * claim lasts SENDING_LEASE_MS, after which a crashed delivery is tried again.
 */
async function claim(db: Db, id: string, now: Date): Promise<boolean> {
  const { count } = await db.emailMessage.updateMany({
    where: { id, status: { in: ['pending', 'failed'] }, nextAttemptAt: { lte: now }, attempts: { lt: MAX_EMAIL_ATTEMPTS } },
    data: { status: 'pending', nextAttemptAt: new Date(Date.now() + SENDING_LEASE_MS) },
  });
  return count === 1;
}

async function composeAndDeliver(db: Db, id: string, composers: Composers, transport: EmailTransport) {
  const row = await db.emailMessage.findUniqueOrThrow({ where: { id } });
  if (!row.html) {
    const composer = Object.hasOwn(composers, row.template) ? composers[row.template] : undefined;
    const composed = composer ? await composer(db, row) : null;
    if (!composed) {
      // Not to be sent after all (e.g. the recipient's daily booking-email limit): as if it had never been written.
      await db.emailMessage.delete({ where: { id } });
      return { id: null, status: 'suppressed' as const };
    }
    const [html, text] = await Promise.all([render(composed.element), render(composed.element, { plainText: true })]);
    await db.emailMessage.update({ where: { id }, data: { subject: composed.subject, toAddress: composed.to, html, text } });
  }
  const outcome = await deliverEmail(db, id, transport);
  if (outcome.status === 'sent' && SECRET_TEMPLATES.has(row.template)) await db.emailMessage.update({ where: { id }, data: { html: '', text: '' } });
  return outcome;
}

/** Delivers one queued email now, if nobody else is (the writer calls it after its answer), with the given composers. */
export async function deliverQueuedWith(db: Db, dedupeKey: string, composers: Composers, transport: EmailTransport = defaultTransport()) {
  const row = await db.emailMessage.findUnique({ where: { dedupeKey }, select: { id: true } });
  if (!row || !(await claim(db, row.id, new Date()))) return null;
  return composeAndDeliver(db, row.id, composers, transport);
}

/** Rows read at a time, and delivered at once (composing is CPU, sending and the row updates wait on the network). */
const BATCH = 100;
const AT_ONCE = 4;
/** One run stops taking new batches after this long, well inside the job's 2-minute schedule and its lease. */
export const OUTBOX_RUN_BUDGET_MS = 90_000;

/**
 * Job: delivers every due row of the outbox (queued ones, and failed ones whose backoff has passed) with the given
 * composers, batch after batch until none is left or the run's time budget is spent (the next run, two minutes on, goes
 * on): the billing job queues a whole day's invoice emails at once (README "Performance → Scale").
 */
export async function deliverDue(db: Db, composers: Composers, now: Date = new Date(), transport: EmailTransport = defaultTransport(), budgetMs = OUTBOX_RUN_BUDGET_MS) {
  const stopAt = Date.now() + budgetMs;
  // Each row at most once per run: a failed row waits for its backoff (as of `now`) in the next run.
  const tried: string[] = [];
  let sent = 0;
  let failed = 0;
  while (Date.now() < stopAt) {
    const batch = await db.emailMessage.findMany({
      where: { status: { in: ['pending', 'failed'] }, nextAttemptAt: { lte: now }, attempts: { lt: MAX_EMAIL_ATTEMPTS }, ...(tried.length ? { id: { notIn: tried } } : {}) },
      orderBy: { nextAttemptAt: 'asc' },
      take: BATCH,
      select: { id: true },
    });
    for (const { id } of batch) tried.push(id);
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const { id } = batch[next++];
        if (!(await claim(db, id, now))) continue;
        try {
          const r = await composeAndDeliver(db, id, composers, transport);
          if (r.status === 'sent') sent++;
          else if (r.status === 'failed') failed++;
        } catch (err) {
          // Composing failed (the booking is gone, a template broke): keep the row for a later attempt.
          failed++;
          log.error({ err, emailId: id }, 'email: could not compose a queued email');
          await db.emailMessage.update({ where: { id }, data: { status: 'failed', attempts: { increment: 1 }, lastError: String(err).slice(0, 1000) } }).catch(() => undefined);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, batch.length) }, worker));
    if (batch.length < BATCH) break;
  }
  return { due: tried.length, sent, failed };
}
