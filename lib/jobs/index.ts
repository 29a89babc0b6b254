import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { sendDraftReminders } from '@/lib/booking/drafts';
import { runTasks } from './tasks';
import { releaseExpiredHolds, remindExpiringHolds } from '@/lib/billing/holds';
import { expireOffers } from '@/lib/billing/waiting-list-offers';
import { runBilling } from '@/lib/billing/run';
import { importUploadsFromDisk } from '@/lib/uploads/files';
import { syncGoogleReviews, syncOptionsFromEnv } from '@/lib/reviews/sync';
import { revalidatePublicData } from '@/lib/platform/cache/revalidate';
import { sendMorningDigest } from '@/lib/staff-alerts';
import { enforceRetention } from '@/lib/privacy/retention-jobs';
import { encryptLegacyPins } from '@/lib/gate/pin';
import { queueEtaxDeliveries } from '@/lib/invoices/etax/send';

/** What a job reports: counts (shown on /admin/jobs) and, for a job that had nothing to do, why. */
export type JobResult = Record<string, number | string | boolean | null>;

export interface JobDefinition {
  /** cron pattern in Asia/Bangkok time (croner syntax), read by the in-server scheduler (lib/jobs/scheduler.ts) */
  schedule: string;
  /** longest a run may take before another server may assume its server died and take the slot over */
  leaseMs: number;
  run: (db: Db, now: Date) => Promise<JobResult>;
}

const MINUTE = 60_000;

/**
 * Every scheduled job, with its schedule beside it (docs/product-rules.md#jobs). ONE way to run a job: lib/jobs/runner.ts
 * `runJob`, used by the in-server scheduler, "Run now" and "Run as of" on /admin/jobs, `POST /api/cron/<name>` (with
 * `Authorization: Bearer CRON_SECRET`) and `node scripts/jobs.mjs <name>`. Every job works out what is due as of `now`
 * and claims its rows, so it is safe to run twice, late, or as of a past moment.
 */
export const JOBS = {
  /** Renewals, card charges, invoice notices and reminders, late fees (and everything release-holds does). */
  billing: {
    schedule: '0 6,18 * * *',
    leaseMs: 30 * MINUTE,
    run: async (db, now) => {
      const summary = await runBilling(db, { now });
      if (summary.releasedHolds || summary.expiredOffers) revalidatePublicData('availability');
      return summary;
    },
  },
  /**
   * Lapsed holds go back on sale, expiring ones get their reminder, a lapsed waiting-list offer passes to the next
   * person: every minute, so no unit stays off sale for long (docs/product-rules.md#holds).
   */
  /** 08:00 in Bangkok: each staff member's morning digest and the cash payers expected today (lib/staff-alerts). */
  'staff-digest': {
    schedule: '0 8 * * *',
    leaseMs: 10 * MINUTE,
    run: (db, now) => sendMorningDigest(db, now),
  },
  'release-holds': {
    schedule: '* * * * *',
    leaseMs: 5 * MINUTE,
    run: async (db, now) => {
      const { released } = await releaseExpiredHolds(db, now);
      const { reminded } = await remindExpiringHolds(db, now);
      const { expired } = await expireOffers(db, now);
      if (released || expired) revalidatePublicData('availability');
      return { releasedHolds: released, holdReminders: reminded, expiredOffers: expired };
    },
  },
  /**
   * The task worker's pass over the deferred work (lib/platform/tasks): emails, LINE messages, gate pushes, staff
   * alerts written by a change's transaction, and failed ones whose backoff has passed. Each server also runs a pass
   * right after it writes a task (lib/jobs/scheduler.ts); this slot catches what no server woke for. Also encrypts
   * gate PINs an older version kept in clear on a unit (a unit change can still carry one over), every minute as
   * before gate pushes became tasks.
   */
  tasks: {
    schedule: '* * * * *',
    leaseMs: 5 * MINUTE,
    // Real time, not the run's as-of moment: a task's backoff is counted on the clock it was written by.
    run: async (db) => ({ ...(await encryptLegacyPins(db)), ...(await runTasks(db, { budgetMs: 90_000 })) }),
  },
  'draft-reminders': {
    schedule: '10 * * * *',
    leaseMs: 10 * MINUTE,
    run: (db, now) => sendDraftReminders(db, now),
  },
  /** The retention table's rate_limits row (lib/retention/table.ts). */
  'purge-rate-limits': {
    schedule: '30 3 * * *',
    leaseMs: 10 * MINUTE,
    run: (db, now) => enforceRetention(db, now, 'purge-rate-limits'),
  },
  /**
   * The retention table's unattached_uploads row (payment slips never attached to a booking); also copies files an
   * older version left on disk into the database.
   */
  'purge-uploads': {
    schedule: '40 3 * * *',
    leaseMs: 10 * MINUTE,
    run: async (db, now) => ({ ...(await importUploadsFromDisk(db)), ...(await enforceRetention(db, now, 'purge-uploads')) }),
  },
  /**
   * Personal data past its period in the retention table (lib/retention/table.ts, docs/product-rules.md#personal-data-pdpa):
   * identity files, condition photos, gate records, chats, waiting-list entries, drafts, message copies, LINE links,
   * one-time codes, consent records and audit rows deleted; bookings and customers anonymised, their amounts kept.
   */
  retention: {
    schedule: '50 3 * * *',
    leaseMs: 30 * MINUTE,
    run: (db, now) => enforceRetention(db, now, 'retention'),
  },
  /**
   * e-Tax Invoice by Email (docs/product-rules.md#thai-money): the documents due get their row and `etax.send` task;
   * the task worker sends them, failures retried with the tasks' backoff.
   */
  etax: {
    schedule: '*/5 * * * *',
    leaseMs: 10 * MINUTE,
    run: async (db, now) => ({ queued: await queueEtaxDeliveries(db, now) }),
  },
  /** Google reviews (GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_ID); without them the run records that it skipped. */
  'reviews-sync': {
    schedule: '0 5 * * *',
    leaseMs: 10 * MINUTE,
    run: async (db): Promise<JobResult> => {
      const options = syncOptionsFromEnv(env());
      if (!options) return { skipped: 'not_configured' };
      const result = await syncGoogleReviews(db, options);
      if (!result.ok) throw new Error(`reviews: ${result.status}: ${result.error}`);
      revalidatePublicData('reviews');
      return { rating: result.rating, total: result.total, upserted: result.upserted };
    },
  },
} as const satisfies Record<string, JobDefinition>;
export type JobName = keyof typeof JOBS;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

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
