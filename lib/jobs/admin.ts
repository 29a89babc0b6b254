import 'server-only';
import type { Db } from '@/lib/db';
import type { StaffUser } from '@/lib/auth/staff';
import { recordAudit } from '@/lib/audit';
import { addDaysISO, bangkokMidnight, isValidISODate, todayInBangkok } from '@/lib/dates/bangkok';
import { JOB_NAMES, JOBS, type JobName } from './index';
import { nextRunAfter, runJobNow, scheduleOf, type RunOutcome } from './runner';
import { retryDeadTask, taskOverview } from '@/lib/platform/tasks/worker';

export { taskOverview };
import { Refusal } from '@/lib/actions/refusal';
import { translator } from '@/lib/i18n/translator';

type Actor = Pick<StaffUser, 'id' | 'email'>;

/** How far back an admin may run a job as of a past day (docs/product-rules.md#jobs). */
export const CATCH_UP_DAYS = 60;

export interface JobOverview {
  job: JobName;
  schedule: string;
  nextRun: Date | null;
  last: { startedAt: Date; durationMs: number | null; status: string; result: unknown; error: string | null; trigger: string; asOf: Date; attempts: number; nextAttemptAt: Date | null } | null;
  /** the newest failed run that is still the job's latest word (no success since) */
  failing: boolean;
}

/** Every job with its schedule, its latest run and its next run, for /admin/jobs. */
export async function jobsOverview(db: Db, now: Date = new Date()): Promise<JobOverview[]> {
  return Promise.all(
    JOB_NAMES.map(async (job) => {
      const last = await db.jobRun.findFirst({ where: { job }, orderBy: { startedAt: 'desc' } });
      return {
        job,
        schedule: JOBS[job].schedule,
        nextRun: nextRunAfter(job, now),
        last: last && { startedAt: last.startedAt, durationMs: last.durationMs, status: last.status, result: last.result, error: last.error, trigger: last.trigger, asOf: last.asOf, attempts: last.attempts, nextAttemptAt: last.nextAttemptAt },
        failing: last?.status === 'failed',
      };
    }),
  );
}

export class JobRequestFailure extends Refusal {
  constructor(readonly code: 'date_invalid' | 'date_future' | 'date_too_old') {
    super(code);
  }
  say(locale: string) {
    const message = translator(locale, 'admin')(`jobs.errors.${this.code}`, { days: CATCH_UP_DAYS });
    return { message, fieldErrors: { date: [message] } };
  }
}

/**
 * The moment a catch-up of `date` (YYYY-MM-DD, Bangkok) runs as of: the job's first scheduled time that day (the
 * billing of a missed morning runs as of that morning), else the day's end.
 */
export function catchUpMoment(job: JobName, date: string, now: Date = new Date()): Date {
  if (!isValidISODate(date)) throw new JobRequestFailure('date_invalid');
  const today = todayInBangkok(now);
  if (date > today) throw new JobRequestFailure('date_future');
  if (date < addDaysISO(today, -CATCH_UP_DAYS)) throw new JobRequestFailure('date_too_old');
  const dayStart = bangkokMidnight(date);
  const dayEnd = new Date(dayStart.getTime() + 86_400_000 - 1);
  const first = scheduleOf(job).nextRun(new Date(dayStart.getTime() - 1));
  const moment = first && first <= dayEnd ? first : dayEnd;
  return moment > now ? now : moment;
}

/** "Run now" and "Run as of" on /admin/jobs: one recorded run, and an audit entry naming who asked. */
export async function runJobForStaff(db: Db, actor: Actor, job: JobName, asOfDate?: string): Promise<RunOutcome> {
  const asOf = asOfDate ? catchUpMoment(job, asOfDate) : undefined;
  const outcome = await runJobNow(db, job, { asOf, trigger: asOf ? 'catch_up' : 'manual', actorEmail: actor.email });
  await recordAudit(db, {
    actor,
    action: asOf ? 'job.catch_up' : 'job.run',
    entity: 'job',
    entityId: job,
    after: { asOf: asOf?.toISOString() ?? null, ...(outcome.ran ? { runId: outcome.runId, status: outcome.status } : {}) },
  });
  return outcome;
}

/** Retry on /admin/jobs: a dead task back in the queue for a fresh set of attempts, and who asked. */
export async function retryTaskForStaff(db: Db, actor: Actor, id: string): Promise<boolean> {
  const ok = await retryDeadTask(db, id);
  if (ok) await recordAudit(db, { actor, action: 'task.retry', entity: 'task', entityId: id });
  return ok;
}
