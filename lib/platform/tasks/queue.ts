import crypto from 'node:crypto';
import type { z } from 'zod';
import { Prisma } from '@/generated/prisma/client';
import type { Db } from '@/lib/db';

/**
 * THE way to defer work (docs/architecture.md, "Deferred work"), in the shape of cal.com's tasker: a change writes a
 * typed task row in its own transaction (enqueueTask), so the work cannot be lost by a crash after the commit nor done
 * for a change that rolled back; one worker (./worker.ts) runs it afterwards with attempts, one backoff and a dead
 * letter. A task type is a name and a zod payload, declared beside the code that enqueues it; its handler is
 * registered where the domains are composed (lib/jobs/tasks.ts), so this file knows no domain.
 */
export interface TaskType<P> {
  readonly type: string;
  readonly payload: z.ZodType<P>;
  /** attempts before the task is dead (shown on /admin/jobs for a person to retry) */
  readonly maxAttempts: number;
}

export function taskType<S extends z.ZodType>(type: string, payload: S, opts: { maxAttempts?: number } = {}): TaskType<z.infer<S>> {
  return { type, payload: payload as z.ZodType<z.infer<S>>, maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS };
}

export const DEFAULT_MAX_ATTEMPTS = 8;

type Client = Db | Prisma.TransactionClient;

export interface EnqueueOptions {
  /** one task per key, ever: a second enqueue with the same key does nothing */
  dedupeKey?: string;
  /** not before this moment (default: now) */
  runAt?: Date;
}

/** Writes a task in the caller's transaction (or on its own, for work that follows no write). Parses the payload. */
export async function enqueueTask<P>(tx: Client, task: TaskType<P>, payload: P, opts: EnqueueOptions = {}): Promise<void> {
  await enqueueTasks(tx, task, [{ payload, ...opts }]);
}

/** Many tasks of one type in one statement (a job queuing a day's messages). */
export async function enqueueTasks<P>(tx: Client, task: TaskType<P>, items: readonly ({ payload: P } & EnqueueOptions)[]): Promise<void> {
  if (!items.length) return;
  await tx.$executeRaw(insertTasksSql(items.map((i) => taskEntry(task, i.payload, i))));
}

/** A task to write, of any type, for queuedTasksCte. Parses the payload. */
export interface TaskEntry {
  type: string;
  payload: string;
  maxAttempts: number;
  dedupeKey: string | null;
  runAt: Date | null;
}
export function taskEntry<P>(task: TaskType<P>, payload: P, opts: EnqueueOptions = {}): TaskEntry {
  return { type: task.type, payload: JSON.stringify(task.payload.parse(payload)), maxAttempts: task.maxAttempts, dedupeKey: opts.dedupeKey ?? null, runAt: opts.runAt ?? null };
}

/**
 * Tasks of any types as a common table expression named `queued_tasks`, for the caller to run inside a statement of
 * its own (a booking's confirmation and staff alert ride on the payment's insert: no round trip of their own,
 * docs/performance.md "Booking submits"; queued emails with their rows). The data layer knows the name: the statement
 * wakes the worker after its commit as enqueueTasks' does (./wake.ts). null: no tasks.
 */
export function queuedTasksCte(entries: readonly TaskEntry[]): Prisma.Sql | null {
  return entries.length ? Prisma.sql`queued_tasks AS (${insertTasksSql(entries)})` : null;
}

function insertTasksSql(entries: readonly TaskEntry[]): Prisma.Sql {
  const now = new Date();
  // Plain SQL rather than createMany: Prisma compiles a new query plan for every createMany (it keeps the plans of its
  // other queries), and every booking submit writes tasks (docs/performance.md, "Booking submits"). ON CONFLICT DO
  // NOTHING is createMany's skipDuplicates: one task per dedupe key, ever. The times are the app's clock, as Prisma's
  // would be, so a simulated calendar sees its own dates. It starts with INSERT INTO tasks (or is `queued_tasks`): the
  // data layer wakes the worker after its commit by that (./wake.ts).
  return Prisma.sql`
    INSERT INTO tasks (id, type, payload, dedupe_key, max_attempts, run_at, created_at)
    SELECT t.id, t.type, t.payload::jsonb, t.dedupe_key, t.max_attempts, t.run_at::timestamp(3), ${now.toISOString()}::timestamp(3)
    FROM unnest(
      ${entries.map(() => crypto.randomUUID())}::text[],
      ${entries.map((e) => e.type)}::text[],
      ${entries.map((e) => e.payload)}::text[],
      ${entries.map((e) => e.dedupeKey)}::text[],
      ${entries.map((e) => e.maxAttempts)}::int[],
      ${entries.map((e) => (e.runAt ?? now).toISOString())}::text[]
    ) AS t(id, type, payload, dedupe_key, max_attempts, run_at)
    ON CONFLICT DO NOTHING`;
}

/** A task claimed to run now: by the worker's pass (./worker.ts), or by its writer (startTaskAfter). */
export interface Claimed {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/**
 * Writes a task already claimed by the caller, which runs it at once (settle, ./worker.ts): an email a person waits for
 * is sent in the request, and if that fails the worker retries it like any task. The task follows `write` (an INSERT …
 * RETURNING id) in the same statement, and only when `write` wrote a row: a first send and its claimed delivery are one
 * round trip, not a transaction of four (README "Performance", booking submits). `write` returns at most one row, its
 * id in a column named `id`, answered as `written`; null when it wrote nothing, and then no task is written either.
 * Its times are the app's clock, as enqueueTasks'.
 */
export async function startTaskAfter<P>(db: Client, write: Prisma.Sql, task: TaskType<P>, payload: P, opts: { dedupeKey: string; leaseMs: number }): Promise<{ written: string; task: Claimed } | null> {
  const now = new Date();
  const rows = await db.$queryRaw<(Claimed & { written: string })[]>`
    WITH written AS (${write}),
    started AS (
      INSERT INTO tasks (id, type, payload, dedupe_key, status, attempts, max_attempts, run_at, lease_until, created_at)
      SELECT ${crypto.randomUUID()}, ${task.type}, ${JSON.stringify(task.payload.parse(payload))}::jsonb, ${opts.dedupeKey}, 'running', 1,
        ${task.maxAttempts}, ${now.toISOString()}::timestamp(3), ${new Date(now.getTime() + opts.leaseMs).toISOString()}::timestamp(3), ${now.toISOString()}::timestamp(3)
      FROM written
      RETURNING id, type, payload, attempts, max_attempts)
    SELECT written.id AS written, started.id, started.type, started.payload, started.attempts, started.max_attempts
    FROM written, started`;
  const row = rows[0];
  if (!row) return null;
  const { written, ...started } = row;
  return { written, task: started };
}

/**
 * The worker is nudged by the data layer once the insert has committed (./wake.ts), so a booking's confirmation runs
 * the moment its transaction commits rather than at the next poll.
 */
export { onTaskEnqueued } from './wake';
