import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { retryFailedEmails } from '@/lib/email/send';
import { sendDraftReminders } from '@/lib/booking/drafts';
import { releaseExpiredHolds } from '@/lib/billing/holds';
import { runBilling } from '@/lib/billing/run';
import { purgeExpiredRateLimits } from '@/lib/rate-limit';
import { purgeUnattachedProofs } from '@/lib/payments/proof-store';

/**
 * Every scheduled job, by name: `POST /api/cron/<name>` (with `Authorization: Bearer CRON_SECRET`) and
 * `npx tsx scripts/jobs.ts <name>` run the same function. Each is safe to run twice and from several servers at once.
 * `billing` includes `release-holds`; the latter stays callable on its own for a scheduler that wants holds released
 * more often than bills are run.
 */
export const JOBS = {
  billing: (db: Db, now?: Date) => runBilling(db, { now }),
  'release-holds': (db: Db, now?: Date) => releaseExpiredHolds(db, now ?? new Date()),
  'retry-emails': (db: Db, now?: Date) => retryFailedEmails(db, now),
  'draft-reminders': (db: Db, now?: Date) => sendDraftReminders(db, now),
  'purge-rate-limits': (db: Db, now?: Date) => purgeExpiredRateLimits(db, now),
  'purge-uploads': (db: Db, now?: Date) => purgeUnattachedProofs(db, now),
} as const;
export type JobName = keyof typeof JOBS;

export function isJobName(s: string): s is JobName {
  return Object.hasOwn(JOBS, s);
}

/** The scheduler's bearer secret, compared in constant time; no secret configured means no job runs over HTTP. */
export function cronAuthorized(authorization: string | null): boolean {
  const secret = env().CRON_SECRET;
  if (!secret) return false;
  const given = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
