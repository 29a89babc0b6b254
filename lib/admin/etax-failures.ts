import 'server-only';
import type { Db } from '@/lib/db';

/**
 * The next try of each e-Tax send is its `etax.send` task's (lib/platform/tasks: one backoff for all deferred work):
 * a date while the task waits to run again, null once it is done or has given up (a dead letter in /admin/jobs).
 */
export async function withNextTry<T extends { id: string }>(db: Db, rows: T[]): Promise<(T & { nextAttemptAt: Date | null })[]> {
  const keys = rows.map((r) => `etax:${r.id}`);
  const tasks = keys.length ? await db.task.findMany({ where: { dedupeKey: { in: keys } }, select: { dedupeKey: true, runAt: true, status: true } }) : [];
  return rows.map((r) => {
    const task = tasks.find((t) => t.dedupeKey === `etax:${r.id}`);
    return { ...r, nextAttemptAt: task && (task.status === 'pending' || task.status === 'running') ? task.runAt : null };
  });
}

/**
 * e-Tax sends that failed and are not sent since (docs/product-rules.md#thai-money): shown above the invoice list with
 * the email service's reply, the attempts and the next try, so staff notice before the buyer's accountant does.
 */
export async function failedEtaxDeliveries(db: Db) {
  const rows = await db.etaxDelivery.findMany({
    where: { status: 'failed' },
    select: { id: true, invoiceId: true, typeCode: true, documentNumber: true, toAddress: true, attempts: true, lastError: true, reply: true },
    orderBy: { createdAt: 'asc' },
    take: 20,
  });
  return withNextTry(db, rows);
}
