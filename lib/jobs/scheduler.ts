import 'server-only';
import { Cron } from 'croner';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import { JOB_NAMES, JOBS, type JobName } from './index';
import { retryDueRuns, runJobSlot, slotAt, TIME_ZONE } from './runner';
import { runTasks } from './tasks';
import { onTaskEnqueued } from '@/lib/platform/tasks/queue';

/**
 * The in-server scheduler (docs/product-rules.md#jobs): every server ticks every job on its schedule (croner, Asia/Bangkok)
 * and the job_runs key lets one of them do each slot. On start a server also claims each job's latest slot, so a
 * slot missed while no server ran (a fresh install, a deploy at 06:00) runs at once; and every minute it retries
 * failed runs whose backoff has passed. Runs on PGlite and on PostgreSQL alike: the claim is a plain INSERT.
 */

/** Claims and runs each job's slot at `now` (the ones another server already did are skipped). */
export async function runDueSlots(db: Db, now: Date, trigger: 'schedule' | 'startup' = 'startup', jobs: readonly JobName[] = JOB_NAMES) {
  const outcomes: Partial<Record<JobName, string>> = {};
  for (const job of jobs) {
    const slot = slotAt(job, now);
    if (!slot) continue;
    try {
      const o = await runJobSlot(db, job, { slot, asOf: now, trigger });
      outcomes[job] = o.ran ? o.status : o.reason;
    } catch (err) {
      // The claim itself failed (database away): the next tick or the next start tries again.
      log.error({ err, job }, 'jobs: could not claim a slot');
      outcomes[job] = 'error';
    }
  }
  return outcomes;
}

type SchedulerState = { crons: Cron[]; stopped: boolean };
const KEY = Symbol.for('pss.jobScheduler');

export function startScheduler(getDb: () => Db): void {
  const g = globalThis as Record<symbol, SchedulerState | undefined>;
  if (g[KEY]) return;
  const state: SchedulerState = { crons: [], stopped: false };
  g[KEY] = state;
  // One job's slots never overlap on one server (protect); other servers are kept out by the slot's row.
  for (const job of JOB_NAMES) {
    state.crons.push(
      new Cron(JOBS[job].schedule, { timezone: TIME_ZONE, protect: true, unref: true, name: `job:${job}` }, async () => {
        await runDueSlots(getDb(), new Date(), 'schedule', [job]);
      }),
    );
  }
  state.crons.push(
    new Cron('* * * * *', { timezone: TIME_ZONE, protect: true, unref: true, name: 'job-retries' }, async () => {
      await retryDueRuns(getDb()).catch((err: unknown) => log.error({ err }, 'jobs: retry sweep failed'));
    }),
  );
  // A task written by this server runs in a moment (the `tasks` job's slot each minute catches the rest).
  onTaskEnqueued(() => wakeTaskWorker(getDb));
  // Missed slots, a few seconds after start so the server answers its first requests first. `npm run bench` waits
  // for this round's log line before it measures (scripts/bench.ts).
  const startup = setTimeout(() => {
    void runDueSlots(getDb(), new Date(), 'startup').then((outcomes) => log.info({ outcomes }, 'jobs: scheduler started'));
  }, 3_000);
  startup.unref();
  log.info({ jobs: JOB_NAMES.length }, 'jobs: scheduling every job in Asia/Bangkok time');
}

/**
 * A pass of the task worker as soon as a task was committed (the data layer calls this after the COMMIT, see
 * lib/platform/tasks/wake.ts). Passes on one server never overlap: a wake during a pass asks for one more pass after
 * it, however many wakes came meanwhile; two servers are kept apart by the claim's SKIP LOCKED.
 */
let passQueued = false;
let passing: Promise<unknown> = Promise.resolve();
function wakeTaskWorker(getDb: () => Db): void {
  if (passQueued) return;
  passQueued = true;
  passing = passing
    .then(() => {
      passQueued = false;
      return runTasks(getDb(), { budgetMs: 30_000 });
    })
    .catch((err: unknown) => log.error({ err }, 'tasks: worker pass failed'));
}

export function stopScheduler(): void {
  onTaskEnqueued(null);
  const g = globalThis as Record<symbol, SchedulerState | undefined>;
  for (const c of g[KEY]?.crons ?? []) c.stop();
  g[KEY] = undefined;
}
