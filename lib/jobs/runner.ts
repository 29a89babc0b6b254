import 'server-only';
import { alertJobFailed } from '@/lib/staff-alerts';
import crypto from 'node:crypto';
import { Cron } from 'croner';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import { JOBS, type JobName, type JobResult } from './index';
import { BUSINESS_TZ } from '@/lib/dates/bangkok';

/**
 * THE way a job runs (docs/product-rules.md#jobs). Each run is a `job_runs` row; its unique (job, slot) key is how
 * several servers agree: the server whose INSERT … ON CONFLICT DO NOTHING RETURNING answers a row runs the slot, the
 * others see nothing returned and skip it (an advisory lock alone lets a server that ticks late run the slot again).
 * The row is committed before the work starts and carries a lease: a server that dies mid-run leaves a row whose lease
 * passes, and the retry sweep takes it over. A failed run keeps its error for /admin/jobs and is retried with backoff.
 */
export const TIME_ZONE = BUSINESS_TZ;
export const MAX_ATTEMPTS = 4;

export type Trigger = 'schedule' | 'startup' | 'manual' | 'catch_up' | 'http' | 'cli';

/** 1, 5, 25 minutes after the 1st, 2nd, 3rd failure. */
export function retryDelayMs(attempts: number): number {
  return 5 ** Math.max(0, attempts - 1) * 60_000;
}

const patterns = new Map<JobName, Cron>();
/** croner's reading of a job's schedule (never started: it only answers "when"). */
export function scheduleOf(job: JobName): Cron {
  let c = patterns.get(job);
  if (!c) patterns.set(job, (c = new Cron(JOBS[job].schedule, { timezone: TIME_ZONE, paused: true })));
  return c;
}

/** The schedule's slot at or just before `now`: a tick a little late still belongs to the slot it was for. */
export function slotAt(job: JobName, now: Date): Date | null {
  return scheduleOf(job).previousRuns(1, new Date(now.getTime() + 1000))[0] ?? null;
}

export function nextRunAfter(job: JobName, now: Date): Date | null {
  return scheduleOf(job).nextRun(now);
}

export type RunOutcome =
  | { ran: true; runId: string; status: 'succeeded'; result: JobResult; durationMs: number }
  | { ran: true; runId: string; status: 'failed'; error: string; durationMs: number }
  | { ran: false; reason: 'taken' };

interface RunRequest {
  slot: Date;
  /** the moment the job works as of (default: the slot) */
  asOf?: Date;
  trigger: Trigger;
  actorEmail?: string | null;
}

/**
 * Claims (job, slot) and runs it, unless another run already holds the slot. Never throws for the job's own failure:
 * the outcome and the row say what happened.
 */
export async function runJobSlot(db: Db, job: JobName, req: RunRequest): Promise<RunOutcome> {
  const id = crypto.randomUUID();
  const asOf = req.asOf ?? req.slot;
  const lease = new Date(Date.now() + JOBS[job].leaseMs);
  const claimed = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO job_runs (id, job, slot, as_of, trigger, status, attempts, started_at, lease_until, actor_email)
    VALUES (${id}, ${job}, ${req.slot}, ${asOf}, ${req.trigger}, 'running', 1, now(), ${lease}, ${req.actorEmail ?? null})
    ON CONFLICT (job, slot) DO NOTHING
    RETURNING id`;
  if (!claimed.length) return { ran: false, reason: 'taken' };
  return work(db, job, id, asOf, 1);
}

/**
 * A run outside the schedule (Run now, Run as of, the cron route, the CLI): a slot of its own, so it never takes a
 * scheduled slot's place, and recorded like every run.
 */
export async function runJobNow(db: Db, job: JobName, opts: { asOf?: Date; trigger: Trigger; actorEmail?: string | null }): Promise<RunOutcome> {
  for (;;) {
    // Scheduled slots fall on whole minutes; a manual slot never does (its milliseconds are 1-999).
    const now = Date.now();
    const slot = new Date(now - (now % 1000) + 1 + crypto.randomInt(999));
    const outcome = await runJobSlot(db, job, { slot, asOf: opts.asOf ?? new Date(now), trigger: opts.trigger, actorEmail: opts.actorEmail });
    if (outcome.ran) return outcome;
  }
}

async function work(db: Db, job: JobName, id: string, asOf: Date, attempts: number): Promise<RunOutcome> {
  const started = Date.now();
  try {
    const result = await JOBS[job].run(db, asOf);
    const durationMs = Date.now() - started;
    await db.jobRun.update({ where: { id }, data: { status: 'succeeded', finishedAt: new Date(), durationMs, result, error: null, nextAttemptAt: null } });
    log.info({ job, runId: id, durationMs, ...result }, 'jobs: run succeeded');
    return { ran: true, runId: id, status: 'succeeded', result, durationMs };
  } catch (err) {
    const durationMs = Date.now() - started;
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    const nextAttemptAt = attempts < MAX_ATTEMPTS ? new Date(Date.now() + retryDelayMs(attempts)) : null;
    log.error({ err, job, runId: id, attempts, nextAttemptAt }, 'jobs: run failed');
    await db.jobRun
      .update({ where: { id }, data: { status: 'failed', finishedAt: new Date(), durationMs, error, nextAttemptAt } })
      .catch((e: unknown) => log.error({ err: e, job, runId: id }, 'jobs: could not record the failure'));
    await alertJobFailed(db, job, id, error);
    return { ran: true, runId: id, status: 'failed', error, durationMs };
  }
}

/**
 * Retries failed runs whose backoff has passed, and takes over runs whose server died (lease passed). Each row is
 * claimed with one conditional UPDATE, so two servers never retry the same run. A failed slot is dropped, not
 * retried, once a later run of the same job succeeded: that run did everything the failed one had to.
 */
export async function retryDueRuns(db: Db, now: Date = new Date()): Promise<{ retried: number }> {
  const due = await db.jobRun.findMany({
    where: { OR: [{ status: 'failed', nextAttemptAt: { lte: now } }, { status: 'running', leaseUntil: { lt: now } }] },
    orderBy: { slot: 'asc' },
    take: 20,
  });
  let retried = 0;
  for (const run of due) {
    if (!(run.job in JOBS)) continue;
    const job = run.job as JobName;
    const later = await db.jobRun.count({ where: { job, status: 'succeeded', startedAt: { gt: run.startedAt } } });
    if (later) {
      await db.jobRun.updateMany({ where: { id: run.id, status: run.status, attempts: run.attempts }, data: { nextAttemptAt: null, ...(run.status === 'running' ? { status: 'failed', error: 'server stopped during the run' } : {}) } });
      continue;
    }
    const lease = new Date(Date.now() + JOBS[job].leaseMs);
    const { count } = await db.jobRun.updateMany({
      where: { id: run.id, status: run.status, attempts: run.attempts },
      data: { status: 'running', attempts: { increment: 1 }, leaseUntil: lease, nextAttemptAt: null },
    });
    if (!count) continue;
    retried++;
    await work(db, job, run.id, run.asOf, run.attempts + 1);
  }
  return { retried };
}
