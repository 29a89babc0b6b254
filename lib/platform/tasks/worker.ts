import 'server-only';
import { Prisma } from '@/generated/prisma/client';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import type { Claimed, TaskType } from './queue';
import { withBatchReads } from './batch-reads';

/**
 * The one task worker (docs/architecture.md, "Deferred work"). Every server runs it (lib/jobs/scheduler.ts): each pass
 * claims due tasks with `FOR UPDATE SKIP LOCKED`, so two servers never run one task, and a task is marked running
 * with a lease in the claiming statement itself; a server that stops mid-task leaves a lease that passes, and the next
 * pass takes the task over. A failure keeps its error and waits for the backoff; the last allowed failure makes the
 * task dead, shown on /admin/jobs with a Retry button. Works on PostgreSQL and PGlite alike (plain SQL).
 */
export type TaskResult = Record<string, unknown> | void;

export interface TaskHandler<P = unknown> {
  task: TaskType<P>;
  run: (db: Db, payload: P, ctx: { attempt: number; taskId: string }) => Promise<TaskResult>;
}

/** A handler for a task type (the registry is a list of these, lib/jobs/tasks.ts). */
export function handle<P>(task: TaskType<P>, run: TaskHandler<P>['run']): TaskHandler<unknown> {
  // The payload is parsed by the task's own schema before `run` sees it, so erasing P here loses nothing.
  return { task, run } as unknown as TaskHandler<unknown>;
}

export type TaskHandlers = ReadonlyMap<string, TaskHandler<unknown>>;
export function registry(handlers: readonly TaskHandler<unknown>[]): TaskHandlers {
  return new Map(handlers.map((h) => [h.task.type, h]));
}

/** 30 s, 1, 2, 4 … minutes after each failure, at most an hour: the one backoff of deferred work. */
export function taskRetryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** How long a claimed task belongs to its server before another may assume that server stopped. */
export const TASK_LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** Claims up to `limit` due tasks for this pass (a running one whose lease passed counts as due). */
async function claim(db: Db, now: Date, limit: number, types: readonly string[] | null): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + TASK_LEASE_MS);
  const typeFilter = types ?? [];
  return db.$queryRaw<Claimed[]>`
    UPDATE tasks SET status = 'running', attempts = attempts + 1, lease_until = ${lease}
    WHERE id IN (
      SELECT id FROM tasks
      WHERE ((status = 'pending' AND run_at <= ${now}) OR (status = 'running' AND lease_until < ${now}))
        AND (${types === null} OR type = ANY(${typeFilter}::text[]))
      ORDER BY run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, type, payload, attempts, max_attempts`;
}

export interface PassOutcome {
  claimed: number;
  succeeded: number;
  retried: number;
  dead: number;
}

/**
 * One pass of the worker: claims due tasks batch after batch until none is due or `budgetMs` is spent, and runs each.
 * `types` limits a pass to some task types (tests, a job that wants its own work done now).
 */
export async function runDueTasks(db: Db, handlers: TaskHandlers, opts: { now?: Date; budgetMs?: number; types?: readonly string[] } = {}): Promise<PassOutcome> {
  const out: PassOutcome = { claimed: 0, succeeded: 0, retried: 0, dead: 0 };
  const stopAt = Date.now() + (opts.budgetMs ?? 60_000);
  while (Date.now() < stopAt) {
    const batch = await claim(db, opts.now ?? new Date(), BATCH, opts.types ?? null);
    out.claimed += batch.length;
    // The batch's successes are recorded together after it (one statement, not one per task): a burst of bookings
    // queues two tasks each, and this is most of what a task costs the database besides its own work. A server that
    // stops before the record leaves them running; their lease passes and they run again, as after any stop mid-task
    // (every handler is safe to repeat: emails and alerts by their dedupe keys).
    const succeeded: Succeeded[] = [];
    // The batch's tasks share their reads of the settings and the staff list (./batch-reads.ts).
    await withBatchReads(async () => {
      for (const task of batch) {
        const handler = handlers.get(task.type);
        const r = await attempt(db, task, async () => {
          if (!handler) throw new Error(`no handler for task type ${task.type}`);
          return handler.run(db, handler.task.payload.parse(task.payload), { attempt: task.attempts, taskId: task.id });
        });
        if (r.outcome === 'succeeded') succeeded.push({ id: task.id, result: r.result });
        out[r.outcome]++;
      }
    });
    await recordSucceeded(db, succeeded);
    if (batch.length < BATCH) break;
  }
  return out;
}

type Succeeded = { id: string; result: TaskResult };

async function recordSucceeded(db: Db, done: readonly Succeeded[]): Promise<void> {
  if (!done.length) return;
  const ids = done.map((d) => d.id);
  // null keeps the row's result as it is, as a single settle without a result does.
  const results = done.map((d) => (d.result ? JSON.stringify(d.result) : null));
  await db.$executeRaw`
    UPDATE tasks AS t SET status = 'succeeded', finished_at = ${new Date()}, lease_until = NULL, last_error = NULL,
      result = COALESCE(d.result::jsonb, t.result)
    FROM unnest(${ids}::text[], ${results}::text[]) AS d(id, result)
    WHERE t.id = d.id`.catch((err: unknown) => log.error({ err, tasks: ids.length }, 'tasks: could not record successes'));
}

/**
 * Runs a task its caller claimed (claimTaskByKey, startTaskAfter: an email sent right away) and records the outcome:
 * a failure's backoff (or dead once its attempts are spent), and a success unless the work recorded it itself with
 * its own last write (succeededTaskSql, and then it resolves true; an email's outcome, lib/platform/mail/send.ts): one
 * round trip, not two. Never throws for the work's failure.
 */
export async function runClaimedTask(db: Db, task: Claimed, work: () => Promise<boolean>): Promise<'succeeded' | 'retried' | 'dead'> {
  const r = await attempt(db, task, async () => {
    if (!(await work())) await db.$executeRaw(succeededTaskSql(task.id, new Date()));
  });
  return r.outcome;
}

/** A claimed task's success as a statement, for a work's last write to run with it (runClaimedTask). */
export function succeededTaskSql(taskId: string, at: Date): Prisma.Sql {
  return Prisma.sql`UPDATE tasks SET status = 'succeeded', finished_at = ${at.toISOString()}::timestamp(3), lease_until = NULL, last_error = NULL WHERE id = ${taskId}`;
}

/** Runs the work; a failure is recorded (backoff or dead), a success is left to the caller to record. */
async function attempt(db: Db, task: Claimed, work: () => Promise<TaskResult>): Promise<{ outcome: 'succeeded'; result: TaskResult } | { outcome: 'retried' | 'dead' }> {
  try {
    if (task.attempts > task.max_attempts) throw new Error('the server stopped during the last allowed attempt');
    return { outcome: 'succeeded', result: await work() };
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    const dead = task.attempts >= task.max_attempts;
    // Never the payload: a task may carry what must not reach the logs.
    log.warn({ taskId: task.id, type: task.type, attempts: task.attempts, dead, error }, 'tasks: attempt failed');
    await db.task
      .update({
        where: { id: task.id },
        data: dead
          ? { status: 'dead', finishedAt: new Date(), leaseUntil: null, lastError: error }
          : { status: 'pending', runAt: new Date(Date.now() + taskRetryDelayMs(task.attempts)), leaseUntil: null, lastError: error },
      })
      .catch((e: unknown) => log.error({ err: e, taskId: task.id }, 'tasks: could not record the failure'));
    return { outcome: dead ? 'dead' : 'retried' };
  }
}

/**
 * Claims the one pending task with this key, due or not (a writer delivering its own email right after its answer;
 * staff pressing Resend): null when it is done already or another server holds it.
 */
export async function claimTaskByKey(db: Db, dedupeKey: string): Promise<Claimed | null> {
  const lease = new Date(Date.now() + TASK_LEASE_MS);
  const rows = await db.$queryRaw<Claimed[]>`
    UPDATE tasks SET status = 'running', attempts = attempts + 1, lease_until = ${lease}
    WHERE id = (SELECT id FROM tasks WHERE dedupe_key = ${dedupeKey} AND status = 'pending' FOR UPDATE SKIP LOCKED)
    RETURNING id, type, payload, attempts, max_attempts`;
  return rows[0] ?? null;
}

/** A dead task back in the queue for a fresh set of attempts (the Retry button on /admin/jobs). */
export async function retryDeadTask(db: Db, id: string): Promise<boolean> {
  const { count } = await db.task.updateMany({ where: { id, status: 'dead' }, data: { status: 'pending', attempts: 0, runAt: new Date(), finishedAt: null } });
  return count === 1;
}

/** The dead letters, newest first, and how many tasks wait or run, for /admin/jobs. */
export async function taskOverview(db: Db, take = 50) {
  const [dead, counts] = await Promise.all([
    db.task.findMany({ where: { status: 'dead' }, orderBy: { finishedAt: 'desc' }, take, select: { id: true, type: true, attempts: true, lastError: true, createdAt: true, finishedAt: true } }),
    db.task.groupBy({ by: ['status'], _count: { _all: true } }),
  ]);
  const count = (s: string) => counts.find((c) => c.status === s)?._count._all ?? 0;
  return { dead, waiting: count('pending'), running: count('running'), deadCount: count('dead') };
}
