/**
 * The nudge that tells this server's task worker that a task was written and committed (docs/architecture.md,
 * "Deferred work"). The data layer calls taskCommitted() when a statement that inserted a task has committed: right
 * after an autocommitted insert, or right after the COMMIT of a transaction that inserted one (lib/db/guarded-adapter.ts),
 * so the worker runs the work the moment it is visible, never before the change that wrote it is committed, and no
 * writer has to remember to kick it. Only a nudge: the task is in the table whatever happens to this process, and the
 * `tasks` job's pass each minute (and the other servers') catches what a nudge missed. No imports: the data layer
 * below every other module uses it.
 */
// On globalThis: the server's start-up code (instrumentation) and its routes may hold separate copies of this module.
const WAKE = Symbol.for('pss.taskWorkerWake');
const holder = globalThis as Record<symbol, (() => void) | null | undefined>;

/** The worker's listener (lib/jobs/scheduler.ts), or null to stop listening. */
export function onTaskEnqueued(listener: (() => void) | null): void {
  holder[WAKE] = listener;
}

/** A task insert just committed. Never throws: the change that wrote it is done. */
export function taskCommitted(): void {
  try {
    holder[WAKE]?.();
  } catch {
    // a nudge only: the periodic pass runs the task
  }
}

/**
 * Whether a statement writes a task row the worker should run (Prisma's create/createMany and raw inserts alike, and a
 * statement carrying the tasks' insert as its `queued_tasks` expression, ./queue.ts queuedTasksCte). A task its writer
 * claimed runs at once by that writer (startTaskAfter, ./queue.ts: an email sent in the request), and waking the worker
 * for it only cost a pass that finds nothing (one per booking submit, issue 43): its statement starts with the write
 * it follows (WITH …) and names its insert otherwise, so it does not match.
 */
export function insertsTask(sql: string): boolean {
  return /^\s*INSERT\s+INTO\s+(?:"?public"?\.)?"?tasks"?[\s(]/i.test(sql) || /\bqueued_tasks\s+AS\s+\(\s*INSERT\s+INTO\s+tasks[\s(]/i.test(sql);
}
