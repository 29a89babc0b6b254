import 'server-only';
import type { Db } from '@/lib/db';
import { retryFailedEmails } from '@/lib/email/send';
import { notifyWaitingList } from '@/lib/email/waiting-list';
import { releaseReservation } from './holds';
import { sendDraftReminders } from './drafts';
import { log } from '@/lib/log';

/** Job: unpaid reservations past their hold → expired, unit released, waiting list told. Safe to run repeatedly. */
export async function releaseExpiredHolds(db: Db, now: Date = new Date()) {
  const due = await db.booking.findMany({
    where: { status: 'reserved', holdExpiresAt: { lt: now }, paymentStatus: { not: 'paid' } },
    select: { id: true },
    take: 500,
  });
  let released = 0;
  for (const { id } of due) {
    const r = await db.$transaction((tx) => releaseReservation(tx, id, now, 'expired'));
    if (!r) continue;
    released++;
    if (r.unitReleased) {
      await notifyWaitingList(db, r.unitTypeId, `booking:${id}`).catch((err) => log.error({ err, bookingId: id }, 'jobs: waiting list notice failed'));
    }
  }
  return { due: due.length, released };
}

export const JOBS = {
  'release-holds': (db: Db, now?: Date) => releaseExpiredHolds(db, now),
  'retry-emails': (db: Db, now?: Date) => retryFailedEmails(db, now),
  'draft-reminders': (db: Db, now?: Date) => sendDraftReminders(db, now),
} as const;
export type JobName = keyof typeof JOBS;

export function isJobName(s: string): s is JobName {
  return Object.hasOwn(JOBS, s);
}
