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
export async function queueEmail(tx: Tx, msg: { dedupeKey: string; template: string; locale: string; to: string; bookingId: string | null }): Promise<void> {
  await tx.emailMessage.createMany({
    data: [{ dedupeKey: msg.dedupeKey, template: msg.template, locale: msg.locale, toAddress: msg.to, subject: '', html: '', text: '', bookingId: msg.bookingId }],
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

/** Job: delivers every due row of the outbox (queued ones, and failed ones whose backoff has passed) with the given composers. */
export async function deliverDue(db: Db, composers: Composers, now: Date = new Date(), transport: EmailTransport = defaultTransport()) {
  const due = await db.emailMessage.findMany({
    where: { status: { in: ['pending', 'failed'] }, nextAttemptAt: { lte: now }, attempts: { lt: MAX_EMAIL_ATTEMPTS } },
    orderBy: { nextAttemptAt: 'asc' },
    take: 100,
    select: { id: true },
  });
  let sent = 0;
  let failed = 0;
  for (const { id } of due) {
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
  return { due: due.length, sent, failed };
}
