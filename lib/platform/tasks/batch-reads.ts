import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Reads the tasks of one worker batch share (docs/architecture.md, "Deferred work"): a burst of bookings queues a
 * confirmation and a staff alert for each, and every one of them read the same settings and the same staff list, a
 * database round trip each on the server's CPU (docs/performance.md, submits). Inside a batch a read named with
 * batchRead is made once; outside one (a request, a job) it is made every time. A batch runs for seconds at most, so
 * a change made meanwhile reaches the tasks of the next batch.
 */
const reads = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs a batch's tasks with their shared reads (lib/platform/tasks/worker.ts). */
export function withBatchReads<T>(run: () => Promise<T>): Promise<T> {
  return reads.run(new Map(), run);
}

/** `load()`, made once per batch for `key` when called from a task; a failed read is made again by the next caller. */
export function batchRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const shared = reads.getStore();
  if (!shared) return load();
  const known = shared.get(key) as Promise<T> | undefined;
  if (known) return known;
  const value = load();
  shared.set(key, value);
  value.catch(() => {
    if (shared.get(key) === value) shared.delete(key);
  });
  return value;
}
