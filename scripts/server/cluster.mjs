// One server process per core (README "Performance" and "Deploying"): Next answers a request on one JavaScript thread,
// so a server of one process leaves every other core idle while requests queue. On PostgreSQL the primary process forks
// WEB_CONCURRENCY workers (default: one per core) that share the port (node:cluster hands each new connection to the
// next worker). Each worker is a whole server, exactly as a second instance behind a load balancer would be: rate limits
// live in the database or Redis, each slot of a scheduled job runs on the process whose job_runs insert succeeds, and a
// public-data change reaches the other workers' caches (the replay cache included) through the same feed as other
// servers' (docs/product-rules.md#caching and #jobs). The embedded database can be opened by one process only: always 1.
// The primary serves nothing: it starts the workers, starts a new one when one dies, and on SIGTERM/SIGINT passes the
// signal on, waits for every worker to finish its requests and exits 0.
import cluster from 'node:cluster';

export class WebConcurrencyError extends Error {}

/**
 * How many server processes to run. `cores` is what the machine offers (os.availableParallelism()); `dev` is
 * `npm run dev` (hot reload runs in one process).
 * @param {NodeJS.ProcessEnv} env
 * @param {{ cores: number, dev?: boolean }} machine
 * @returns {{ workers: number, reason: string, ignored?: boolean }} `ignored`: WEB_CONCURRENCY asked for more than can run
 */
export function workerCount(env, { cores, dev = false }) {
  const raw = (env.WEB_CONCURRENCY ?? '').trim();
  if (raw && !/^[1-9]\d{0,3}$/.test(raw)) {
    throw new WebConcurrencyError(`WEB_CONCURRENCY must be a whole number of server processes from 1 to 9999; got "${raw}".`);
  }
  if (dev) return { workers: 1, reason: 'development server (hot reload): one process' };
  // The same test as lib/db/target.ts: a postgres URL, or else the embedded database.
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) {
    if (raw && raw !== '1') return { workers: 1, reason: `embedded database: one process (WEB_CONCURRENCY=${raw} needs PostgreSQL)`, ignored: true };
    return { workers: 1, reason: 'embedded database: one process' };
  }
  if (raw) return { workers: Number(raw), reason: `WEB_CONCURRENCY=${raw}` };
  const n = Math.max(1, Math.floor(cores) || 1);
  return { workers: n, reason: `one process per core (${n}); WEB_CONCURRENCY changes it` };
}

/**
 * The primary's whole job. `say(level, message)` writes one log line. A worker that dies before any worker was ready
 * is a start-up failure (a port in use, a broken build): the primary stops the others and exits 1, as a single server
 * would. Once the server has answered, a worker that dies is replaced (after a second when it had lived less than ten,
 * so a crash loop does not spin a core).
 * @param {{ workers: number, shutdownMs: number, say: (level: 'info' | 'warn' | 'error', message: string) => void }} opts
 */
export function superviseWorkers({ workers, shutdownMs, say }) {
  let stopping = false;
  let ready = false;
  let failed = false;
  const startedAt = new Map();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };

  cluster.on('listening', () => {
    ready = true;
  });

  const stop = (signal, exitCode) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter(Boolean);
    say('info', `server: ${signal} received, stopping ${alive.length} worker(s)`);
    for (const w of alive) w.process.kill('SIGTERM');
    // Each worker gives its requests SHUTDOWN_TIMEOUT_MS; one that hangs past that and a margin is killed.
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      say('error', 'server: workers did not stop in time; killed');
      process.exit(1);
    }, shutdownMs + 5_000).unref();
    if (exitCode !== undefined) failed = failed || exitCode !== 0;
    if (!alive.length) process.exit(failed ? 1 : 0);
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    say('error', `server: worker ${worker.process.pid} exited (${signal ?? `code ${code}`})${ready ? ', starting another' : ' before the server was ready'}`);
    if (!ready) {
      failed = true;
      stop('start-up failure', 1);
      return;
    }
    setTimeout(() => {
      if (!stopping) fork();
    }, lived < 10_000 ? 1_000 : 0);
  });

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < workers; i++) fork();
}

export const isWorker = () => cluster.isWorker;
