/**
 * `npm run bench`: the site under load, in the two layouts it runs in (docs/product-rules.md#caching; README
 * "Performance"), measured with wrk (a load generator in C that does not decode the answers, as a browser never
 * decodes Brotli as text) and, for the booking submits, which must read every answer, autocannon (and a plain keep-alive
 * client for the row whose customers each have their own address).
 *
 * Builds when the sources changed (the same build `npm start` serves), then:
 *   1. `npm start` alone: the app's server (scripts/server.mjs) on the embedded database, nothing in front. Every public
 *      page in every language and the wizard's first page, from Next's cache (p99 < 100 ms at 10 connections), and
 *      /api/quote with a new query each time (p99 < 50 ms at 10 connections).
 *   2. The production layout, with TEST_DATABASE_URL: nginx (deploy/nginx) in front of as many app processes as the
 *      machine has cores, on a throwaway PostgreSQL database (and Redis when TEST_REDIS_URL is set). Every public page
 *      and the wizard against a static file served by the same nginx (≥ 0.7× and ≥ 0.5×), the script a browser
 *      downloads (Brotli, as sent), and booking submits: one customer at a time (p99 < 150 ms), 50 at once (≥ 60 a
 *      second, none booked twice) from one address on one unit type, then each from its own address over five types,
 *      and the database transactions each runs inside its request (≤ 4).
 * Every run records the load average beside its figures (the machine is shared): a budget missed while the machine
 * was busy says so. Prints a table and writes it to bench/latest.md. BENCH_SECONDS (8), BENCH_ONLY=/th,/ru (rows whose
 * path or label contains one of these; "submit" for the submits) and BENCH_LAYOUT=start or proxy narrow a run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
// @ts-expect-error -- plain ESM helpers shared with npm start and npm test
import { ensureBuild, ensureDependencies, ensurePrismaClient, prepareDatabase, ROOT, serverEnv } from './lib.mjs';
import { DEVICE_COOKIE, newDeviceId } from '../lib/security/device-cookie';
import { startProxy } from '../e2e/fixtures/nginx';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const PROXY_PORT = Number(process.env.BENCH_PROXY_PORT ?? PORT + 50);
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 500);
const SUBMIT_CONNECTIONS = 50;
/** the unit types the spread submits book (the first is also the one every other submit row books) */
const BENCH_TYPE_CODES = ['bench', 'bench1', 'bench2', 'bench3', 'bench4'];
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const APP_PROCESSES = Math.max(1, Number(process.env.BENCH_APP_PROCESSES ?? os.availableParallelism()));

/** The budgets of issue 43 (README "Performance"). */
const BUDGET = { page: 0.7, wizard: 0.5, pageP99: 100, quoteP99: 50, submitP99: 150, submitRps: 60, submitXacts: 4, scriptPage: 120, scriptWizard: 160 } as const;

type Kind = 'static' | 'page' | 'wizard' | 'api' | 'quote';
interface Target {
  label: string;
  path: string;
  kind: Kind;
  /** a new path for every request (wrk script) */
  fresh?: boolean;
}

const LOCALE_PREFIXES = ['', '/th', '/ru'];
/** The public pages of docs/product-rules.md#caching. */
const PUBLIC_PAGES = ['/', '/faq', '/space-calculator', '/greenbox', '/legal', '/mobile-features'];
const localized = (prefix: string, p: string) => (p === '/' ? prefix || '/' : `${prefix}${p}`);
const QUOTE = '/api/quote?unit=l&term=12m&insurance=0&customer=business&payment=bank_transfer&supplies=lock:1,box_medium:2';

const ALL_TARGETS: Target[] = [
  ...PUBLIC_PAGES.flatMap((p) => LOCALE_PREFIXES.map((l): Target => ({ label: localized(l, p), path: localized(l, p), kind: 'page' }))),
  ...['en', 'th', 'ru'].map((l): Target => ({ label: `/api/unit-types?locale=${l} (units)`, path: `/api/unit-types?locale=${l}`, kind: 'api' })),
  ...LOCALE_PREFIXES.map((l): Target => ({ label: `${l}/booking-v2`, path: `${l}/booking-v2`, kind: 'wizard' })),
  { label: '/api/quote (the same query)', path: QUOTE, kind: 'api' },
  { label: '/api/quote (a new query each time)', path: QUOTE, kind: 'quote', fresh: true },
];
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const TARGETS = ONLY.length ? ALL_TARGETS.filter((t) => ONLY.some((o) => t.path.includes(o) || t.label.includes(o))) : ALL_TARGETS;
const LAYOUTS = (process.env.BENCH_LAYOUT ?? 'start,proxy').split(',');

interface Row {
  what: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** the 1-minute load average when the row was measured */
  load: number;
  ratio?: number;
  note?: string;
  doubles?: number;
  scriptKb?: number;
  budget?: string;
}

ensureDependencies();
ensurePrismaClient();
// SITE_URL as `npm start` has it, so the bench measures (and reuses) the very build `npm start` serves.
const baseEnv = { ...serverEnv('production', String(PORT)), SITE_URL: process.env.SITE_URL || 'http://localhost:3000' };
ensureBuild(baseEnv);

const load1 = () => Math.round(os.loadavg()[0] * 10) / 10;

/** The CPU milliseconds every process named `comm` (postgres, nginx, redis-server) has used so far; null elsewhere. */
function cpuOfCommMs(comm: string): number | null {
  try {
    let sum = 0;
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm) sum += cpuMs(Number(pid)) ?? 0;
      } catch {
        /* gone meanwhile */
      }
    }
    return sum;
  } catch {
    return null;
  }
}

/** The host's busy CPU milliseconds so far, every core (user, nice, system, irq, softirq, steal from /proc/stat). */
function hostBusyMs(): number | null {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return (user + nice + system + irq + softirq + steal) * 10;
  } catch {
    return null;
  }
}

/**
 * Waits until the host has been quiet for 2 s in a row (under a tenth of its cores busy), at most `maxSeconds`, and
 * says how long it waited. Just after the database is seeded and the app processes start, PostgreSQL's autovacuum
 * and the start-up job round run for a while; a row measured across them shows them, not the page.
 */
async function settle(maxSeconds = 60): Promise<string> {
  const started = Date.now();
  let quiet = 0;
  while (Date.now() - started < maxSeconds * 1000) {
    const before = hostBusyMs();
    await new Promise((r) => setTimeout(r, 1000));
    const after = hostBusyMs();
    if (before === null || after === null) return 'not on Linux: no wait';
    quiet = (after - before) / 1000 < os.cpus().length * 0.1 ? quiet + 1 : 0;
    if (quiet >= 2) return `host quiet after ${Math.round((Date.now() - started) / 1000)} s`;
  }
  return `host still busy after ${maxSeconds} s`;
}

/** What the other processes of the host did during a row, for its note: the spread of a row is often theirs. */
function othersDuring<T>(measure: () => T): { result: T; note: string } {
  const names = ['nginx', 'postgres', 'redis-server'];
  const before = names.map(cpuOfCommMs);
  const hostBefore = hostBusyMs();
  const result = measure();
  const hostAfter = hostBusyMs();
  const parts = names.flatMap((n, i) => {
    const after = cpuOfCommMs(n);
    return before[i] === null || after === null ? [] : [`${n} ${after - before[i]!} ms`];
  });
  if (hostBefore !== null && hostAfter !== null) parts.push(`host ${hostAfter - hostBefore} ms`);
  return { result, note: parts.length ? `CPU during the row: ${parts.join(', ')}` : '' };
}

/**
 * Starts one app server (scripts/server.mjs) on `port`; resolves once it answers and has run its start-up job round
 * (every job's missed slot, a few seconds after start: lib/jobs/scheduler.ts). That round happens once per start; on
 * the embedded database its queries run on the serving thread, and a row measured across it shows the round, not
 * the page (the first row's p99 was 268–368 ms, whatever page came first; docs/performance.md).
 */
function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/server.mjs'], { cwd: ROOT, env: { ...env, PORT: String(port), LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'] });
  // Info lines are the jobs' (the server logs no request at info): read, and only the round's end kept.
  let jobsStarted = false;
  let tail = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4096);
    if (tail.includes('"msg":"jobs: scheduler started"')) jobsStarted = true;
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 90_000;
    let answering = false;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      try {
        answering ||= (await get(`http://127.0.0.1:${port}/api/health`)).status === 200;
      } catch {
        /* not listening yet */
      }
      if (answering && jobsStarted) return resolve(child);
      if (Date.now() > deadline) return reject(new Error(`server did not ${answering ? 'finish its start-up job round' : 'answer'} within 90 s`));
      setTimeout(poll, 250);
    };
    void poll();
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** wrk's own figures, printed by its `done` hook as one JSON line. */
const WRK_REPORT = `
local paths = {}
init = function(args) math.randomseed(os.time() + math.floor(os.clock() * 1000000)) end
done = function(summary, latency, requests)
  io.write(string.format("JSON{\\"requests\\":%d,\\"duration\\":%d,\\"errors\\":%d,\\"non2xx\\":%d,\\"p50\\":%.3f,\\"p99\\":%.3f}\\n",
    summary.requests, summary.duration, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
`;
/** A new quote each request: no cache of any layer can answer it, so the pricing itself is measured. */
const WRK_FRESH_QUOTE = `
local units, terms, customers, payments = {"s","m","l","xl"}, {"m2m","3m","6m","12m"}, {"individual","business"}, {"card","bank_transfer","cash"}
local function pick(xs) return xs[math.random(#xs)] end
request = function()
  local path = string.format("/api/quote?unit=%s&term=%s&insurance=0&customer=%s&payment=%s&supplies=lock:%d,box_medium:%d,tape:%d",
    pick(units), pick(terms), pick(customers), pick(payments), math.random(0, 99), math.random(0, 99), math.random(0, 99))
  return wrk.format("GET", path)
end
`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-bench-'));
const wrkScript = (fresh: boolean) => {
  const file = path.join(tmp, fresh ? 'fresh.lua' : 'report.lua');
  if (!fs.existsSync(file)) fs.writeFileSync(file, (fresh ? WRK_FRESH_QUOTE : '') + WRK_REPORT);
  return file;
};

/** `connections` connections on 2 threads for `seconds`, asking for what Chromium asks; wrk never decodes the answers. */
function wrk(url: string, { connections, seconds = SECONDS, fresh = false }: { connections: number; seconds?: number; fresh?: boolean }): Omit<Row, 'what'> {
  const loadBefore = load1();
  const r = spawnSync('wrk', ['-t', '2', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-H', `accept-encoding: ${BROWSER_ENCODINGS}`, '-H', 'accept-language: en-US,en;q=0.9', '-s', wrkScript(fresh), url], { encoding: 'utf8' });
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('JSON{'));
  if (!line) throw new Error(`wrk failed for ${url}: ${r.stderr || r.stdout}`);
  const j = JSON.parse(line.slice(4)) as { requests: number; duration: number; errors: number; non2xx: number; p50: number; p99: number };
  return { rps: Math.round(j.requests / (j.duration / 1e6)), p50: Math.round(j.p50 * 10) / 10, p99: Math.round(j.p99 * 10) / 10, errors: j.errors + j.non2xx, load: Math.max(loadBefore, load1()) };
}

/**
 * One GET on a fresh connection (agent: false): the servers close idle kept-alive connections while wrk runs, and a
 * request on one of those fails. `text` is the answer decoded.
 */
function get(url: string, acceptEncoding = BROWSER_ENCODINGS): Promise<{ status: number; headers: http.IncomingHttpHeaders; wireBytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          const plain = enc === 'br' ? zlib.brotliDecompressSync(body) : enc === 'gzip' ? zlib.gunzipSync(body) : body;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, wireBytes: body.length, text: plain.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

/** Whether `url` was answered from Next's cache (x-nextjs-cache HIT), asked twice. */
async function fromNextCache(url: string): Promise<string> {
  await get(url);
  return String((await get(url)).headers['x-nextjs-cache'] ?? 'none');
}

/** The server action id of `name` in the wizard's actions, from the build's manifest. */
function wizardActionId(name: 'createBooking' | 'openWizard'): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, '.next/server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string; filename?: string; workers: Record<string, unknown> }>;
  };
  const found = Object.entries(manifest.node).find(
    ([, a]) => a.exportedName === name && (a.filename ?? '').includes('booking-v2/actions') && Object.keys(a.workers).some((w) => w.includes('booking-v2/page')),
  );
  if (!found) throw new Error(`${name} action not found in .next/server/server-reference-manifest.json`);
  return found[0];
}

/** Tomorrow in Bangkok, inside the move-in window whatever the hour. */
function tomorrowInBangkok(): string {
  const bangkok = new Date(Date.now() + 7 * 3600_000);
  bangkok.setUTCDate(bangkok.getUTCDate() + 1);
  return bangkok.toISOString().slice(0, 10);
}

/** A complete wizard draft by a new customer each time (the hold limits count one unpaid hold per email and phone). */
function submitBody(agreementId: string, unitTypeCode = 'bench'): string {
  const n = crypto.randomInt(10_000_000, 99_999_999);
  const draft = {
    idempotencyKey: `bench-${crypto.randomUUID()}`,
    step: 12,
    unitTypeCode,
    customerType: 'individual',
    startDate: tomorrowInBangkok(),
    term: '6m',
    insuranceMonthly: 0,
    promoCode: null,
    supplies: {},
    contact: { firstName: 'Bench', lastName: `Customer`, email: `bench+${n}@example.com`, phone: `+66 8${String(n).slice(0, 1)} ${String(n).slice(1, 4)} ${String(n).slice(4, 8)}`, address: '1 Beach Road, Phuket' },
    paymentMethod: 'cash',
    paymentStatus: 'pending_arrival',
    agreement: { scrolled: true, agreed: true, signature: 'Bench Customer', signedAt: new Date().toISOString(), documentId: agreementId },
    termsAccepted: true,
  };
  return JSON.stringify([draft]);
}

/** Booking submits through `base` (the proxy in the production layout): one at a time, then 50 customers at once. */
async function benchSubmits(base: string, dbUrl: string, serverLoad: () => Row['load'], serverPids: number[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    // A unit type of its own with plenty of free units, so every submit can book.
    const { rows: [template] } = await client.query(`SELECT * FROM unit_types WHERE code = 's'`);
    for (const [i, code] of BENCH_TYPE_CODES.entries()) {
      const typeId = `bench${crypto.randomBytes(6).toString('hex')}`;
      await client.query(
        `INSERT INTO unit_types (id, code, category, size_rank, display_order, name, description, features, dimensions, base_rate, pricing_mode, is_active, updated_at)
         VALUES ($1, $2, $3, 99, 99, $4, $5, $6, $7, $8, $9, true, now())`,
        [typeId, code, template.category, JSON.stringify({ en: 'Bench', th: 'Bench', ru: 'Bench' }), JSON.stringify(template.description), JSON.stringify(template.features), template.dimensions, template.base_rate, template.pricing_mode],
      );
      await client.query(`INSERT INTO units (id, number, unit_type_id, updated_at) SELECT $3 || g, $4 || g, $1, now() FROM generate_series(1, $2::int) g`, [typeId, 2 * SUBMITS + 200, `bu${i}-`, `BENCH${i}-`]);
    }
    const { rows: [agreement] } = await client.query(`SELECT id FROM legal_documents WHERE type = 'rental_agreement' AND locale = 'en' AND is_active ORDER BY version DESC LIMIT 1`);
    // The public catalogue is cached for seconds: wait until every server sees the new type.
    for (let i = 0; i < 60; i++) {
      const seen = await Promise.all(Array.from({ length: APP_PROCESSES * 2 }, async () => {
        const listed = (await get(`${base}/api/unit-types?bench=${crypto.randomUUID()}`)).text;
        return BENCH_TYPE_CODES.every((code) => listed.includes(`"${code}"`));
      }));
      if (seen.every(Boolean)) break;
      await new Promise((r) => setTimeout(r, 500));
    }

    const actionId = wizardActionId('createBooking');
    const actionHeaders = { 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', 'next-action': actionId, origin: base };
    // A new customer's browser, as it is when it submits: the wizard's page gave it its language cookie and the
    // wizard's opening its device cookie (app/api/device/route.ts). A cookie set while the submit runs would make
    // Next render the wizard page again into the answer (README "Performance").
    const newBrowserCookies = () => `NEXT_LOCALE=en; ${DEVICE_COOKIE}=${newDeviceId()}`;
    // Each run counts its own refusals (a 200 whose answer is not a booking); a slow submit is measured as slow. What
    // went wrong is noted by kind (`HTTP 502`, `refused: sold_out`, …), so a failed row says why.
    const failureKinds = (failed: Map<string, number>) => [...failed].map(([kind, n]) => `${kind} ×${n}`).join(', ');
    const recordFailure = (failed: Map<string, number>, status: number, text: string) => {
      if (status === 200 && text.includes('"ok":true')) return;
      const reason = /"(?:reason|error|code)":"([^"]{1,40})"/.exec(text)?.[1];
      const kind = status === 0 ? 'no answer' : status !== 200 ? `HTTP ${status}` : `refused: ${reason ?? 'not a booking'}`;
      failed.set(kind, (failed.get(kind) ?? 0) + 1);
    };
    const submit = async (connections: number, amount: number) => {
      const failed = new Map<string, number>();
      let answerBytes = 0;
      const loadBefore = serverLoad();
      // The rate is the submits over the time from the first sent to the last answered, on this clock. autocannon's own
      // (`requests.average`) is the mean of its one-second samples, the last of which runs to the tick after the last
      // answer, so a row read `amount / n` whole seconds: 250 submits in 6.41 s read 35.7 a second (250 / 7), not 39.0
      // (bench/2026-12-01-submit-rate-clock.md).
      const t0 = performance.now();
      let lastAnswer = t0;
      const result = await autocannon({
        url: `${base}/booking-v2`,
        connections,
        amount,
        timeout: 60,
        requests: [
          {
            method: 'POST',
            headers: actionHeaders,
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: newBrowserCookies() }, body: submitBody(agreement.id) }),
            onResponse: (status, body) => {
              lastAnswer = performance.now();
              answerBytes = Math.max(answerBytes, Buffer.byteLength(String(body)));
              recordFailure(failed, status, String(body));
            },
          },
        ],
      });
      // A non-2xx answer reached onResponse too, so it is among `failed`, not added again from result.non2xx; autocannon's
      // `errors` include its `timeouts`.
      if (result.errors > result.timeouts) failed.set('connection error', result.errors - result.timeouts);
      if (result.timeouts) failed.set('timeout', result.timeouts);
      const errors = [...failed.values()].reduce((a, b) => a + b, 0);
      const seconds = (lastAnswer - t0) / 1000;
      return { answerBytes, failed: failureKinds(failed), row: { rps: Math.round(amount / seconds), p50: result.latency.p50, p99: result.latency.p99, errors, load: Math.max(loadBefore, serverLoad()) } };
    };
    // The same submits, each connection a customer on a network of its own (127.0.0.2, .3, … on the loopback: the
    // proxy sees each as its own address, as it sees customers from different homes and carriers), booking one of the
    // bench's unit types in turn. autocannon cannot choose a connection's source address, so this is a plain
    // keep-alive client that reads every answer.
    const submitFromAddresses = async (connections: number, amount: number) => {
      const target = new URL(`${base}/booking-v2`);
      const failed = new Map<string, number>();
      let started = 0;
      const latencies: number[] = [];
      const loadBefore = serverLoad();
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: connections }, async (_, i) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${2 + i}` });
          while (started < amount) {
            started++;
            const body = submitBody(agreement.id, BENCH_TYPE_CODES[i % BENCH_TYPE_CODES.length]);
            const sent = performance.now();
            const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
              const req = http.request(target, { method: 'POST', agent, headers: { ...actionHeaders, cookie: newBrowserCookies(), 'content-length': Buffer.byteLength(body) } }, (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (c: Buffer) => chunks.push(c));
                res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
              });
              req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
              req.on('error', reject);
              req.end(body);
            }).catch(() => ({ status: 0, text: '' }));
            latencies.push(performance.now() - sent);
            recordFailure(failed, answer.status, answer.text);
          }
          agent.destroy();
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
      const errors = [...failed.values()].reduce((a, b) => a + b, 0);
      return { failed: failureKinds(failed), row: { rps: Math.round(amount / seconds), p50: at(0.5), p99: at(0.99), errors, load: Math.max(loadBefore, serverLoad()) } };
    };
    // Transactions per submit (every statement outside a transaction is one), from PostgreSQL's own counters.
    const xacts = async () => {
      await new Promise((r) => setTimeout(r, 1500)); // statistics reach pg_stat_database within a second
      const { rows: [x] } = await client.query(`SELECT (xact_commit + xact_rollback)::int AS n FROM pg_stat_database WHERE datname = current_database()`);
      return x.n as number;
    };
    const ALONE = 40;
    // Warm first, as the page rows are: each process's first submits load the action's modules and plan its queries
    // (a few hundred ms once per start), which a row of 40 would report as its p99.
    await submit(4, 20);
    // ... and let their queued work (the emails) finish, so the next row counts only its own transactions.
    const drained = async () => {
      for (let i = 0; i < 120; i++) {
        const { rows: [open] } = await client.query(`SELECT count(*)::int AS n FROM tasks WHERE status IN ('pending', 'running') AND run_at <= now()`);
        if (open.n === 0) return;
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    await drained();
    // The app processes' CPU (user + system, /proc) from the first measured submit to the end of the work they queued.
    const appCpuMs = () => cpuOfMs(serverPids) ?? 0;
    const cpuBefore = appCpuMs();
    const before = await xacts();
    const alone = await submit(1, ALONE);
    const perSubmit = ((await xacts()) - before) / ALONE;
    const many = await submit(SUBMIT_CONNECTIONS, SUBMITS);
    await drained();
    const spread = await submitFromAddresses(SUBMIT_CONNECTIONS, SUBMITS);
    await drained();
    const cpuPerSubmit = (appCpuMs() - cpuBefore) / (ALONE + 2 * SUBMITS);
    const { rows: [counts] } = await client.query(
      `SELECT count(*)::int AS booked, (count(*) - count(DISTINCT unit_id))::int AS doubles FROM bookings b JOIN unit_types t ON t.id = b.unit_type_id WHERE t.code LIKE 'bench%' AND b.status = 'reserved'`,
    );
    const failedNote = (f: string) => (f ? `; failed: ${f}` : '');
    const one: Row = { what: 'booking submits (one customer at a time)', ...alone.row };
    // An answer of a few hundred bytes is the action's result alone; tens of kB would be a page rendered into it.
    one.note = `${perSubmit.toFixed(1)} database transactions per submit in all (in the request and the work queued after it); answers of at most ${alone.answerBytes} bytes${failedNote(alone.failed)}`;
    one.budget = one.p99 < BUDGET.submitP99 && one.errors === 0 ? 'ok' : `p99 < ${BUDGET.submitP99} ms: **missed**`;
    const r: Row = { what: `booking submits (${SUBMIT_CONNECTIONS} customers at once)`, ...many.row, doubles: counts.doubles };
    r.note = `${counts.booked} booked, ${counts.doubles} unit(s) booked twice; ${cpuPerSubmit.toFixed(1)} ms of the app processes' CPU per submit, with its queued work (the three rows)${failedNote(many.failed)}`;
    r.budget = r.rps >= BUDGET.submitRps && counts.doubles === 0 && r.errors === 0 ? 'ok' : `≥ ${BUDGET.submitRps}/s, none twice: **missed**`;
    // Customers from different networks booking different sizes share no person's lock and no type's lock
    // (lib/booking/hold-limits.ts, lib/booking/reserve.ts), only the invoice counter: this row shows what the machine's
    // CPU allows, the row above what one shared address and one unit type add (a hotel's guests after the last size).
    const spreadRow: Row = { what: `booking submits (${SUBMIT_CONNECTIONS} customers at once, each from its own address, over ${BENCH_TYPE_CODES.length} unit types)`, ...spread.row };
    spreadRow.note = `addresses 127.0.0.2–${2 + SUBMIT_CONNECTIONS - 1}, one per connection, as the proxy sees them${failedNote(spread.failed)}`;
    spreadRow.budget = spreadRow.rps >= BUDGET.submitRps && counts.doubles === 0 && spreadRow.errors === 0 ? 'ok' : `≥ ${BUDGET.submitRps}/s, none twice: **missed**`;
    return [one, r, spreadRow];
  } finally {
    await client.end();
  }
}

/**
 * What a phone downloads of a page's script: every <script src> the HTML names, as sent to a browser (Brotli; Next's
 * `noModule` polyfills, which modern browsers skip, excluded). Inline scripts are part of the document.
 */
async function scriptKb(base: string, pagePath: string, seen: Map<string, number>): Promise<number> {
  const { text: html } = await get(`${base}${pagePath}`);
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = m[1];
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src && !/\bnoModule\b|\bnomodule\b/.test(attrs)) srcs.add(src.replace(/&amp;/g, '&'));
  }
  let sent = 0;
  for (const src of srcs) {
    if (!seen.has(src)) seen.set(src, (await get(new URL(src, base).toString())).wireBytes);
    sent += seen.get(src)!;
  }
  // One decimal, and the budget is judged on it: 120.4 kB is over a 120 kB budget, whatever rounding would say.
  return Math.round((sent / 1024) * 10) / 10;
}

/**
 * The CPU milliseconds (user + system, every thread: zlib's too) `pid` has used so far, from Linux's /proc; null
 * elsewhere. On a shared machine the time per request follows the others' load much less than the latency does.
 */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in USER_HZ (100 a second)
  } catch {
    return null;
  }
}

/** The CPU milliseconds a set of processes has used so far (the app processes of a layout); null elsewhere than Linux. */
function cpuOfMs(pids: (number | undefined)[]): number | null {
  const each = pids.map(cpuMs);
  return each.includes(null) ? null : (each as number[]).reduce((sum, ms) => sum + ms, 0);
}

/** Layout 1: `npm start` alone, on the embedded database. */
async function benchStart(): Promise<Row[]> {
  const env = { ...baseEnv, DATABASE_URL: '', PGLITE_DIR: path.join(tmp, 'pglite'), RATE_LIMIT_SCALE: '10000', EMAIL_OUTBOX_DIR: path.join(tmp, 'start-outbox'), UPLOAD_DIR: path.join(tmp, 'start-uploads') };
  prepareDatabase(env);
  const server = await startServer(env, PORT);
  const base = `http://127.0.0.1:${PORT}`;
  const rows: Row[] = [];
  try {
    for (const t of TARGETS) {
      const url = `${base}${t.path}`;
      wrk(url, { connections: 10, seconds: 2, fresh: t.fresh }); // warm: the first requests compile and fill the caches
      const cache = t.kind === 'page' || t.kind === 'wizard' ? await fromNextCache(url) : undefined;
      const cpuBefore = cpuMs(server.pid);
      const r: Row = { what: t.label, ...wrk(url, { connections: 10, fresh: t.fresh }) };
      const cpuAfter = cpuMs(server.pid);
      const cpu = cpuBefore !== null && cpuAfter !== null && r.rps > 0 ? `${((cpuAfter - cpuBefore) / (r.rps * SECONDS)).toFixed(1)} ms of the server's CPU a request` : '';
      r.note = cpu;
      if (cache !== undefined) {
        const after = await fromNextCache(url);
        r.note = [`x-nextjs-cache ${cache} before, ${after} after`, cpu].filter(Boolean).join('; ');
        const cached = /HIT|STALE/.test(cache) && /HIT|STALE/.test(after);
        r.budget = r.p99 < BUDGET.pageP99 && cached && r.errors === 0 ? 'ok' : `from Next's cache, p99 < ${BUDGET.pageP99} ms: **missed**`;
      }
      if (t.kind === 'quote') r.budget = r.p99 < BUDGET.quoteP99 && r.errors === 0 ? 'ok' : `p99 < ${BUDGET.quoteP99} ms: **missed**`;
      rows.push(r);
    }
  } finally {
    await stopServer(server);
  }
  return rows;
}

/** Layout 2: nginx in front of APP_PROCESSES app servers on PostgreSQL (and Redis when TEST_REDIS_URL is set). */
async function benchProxy(dbUrl: string): Promise<Row[]> {
  const env = {
    ...baseEnv,
    DATABASE_URL: dbUrl,
    TRUSTED_PROXY_HOPS: '1',
    RATE_LIMIT_SCALE: '10000',
    EMAIL_OUTBOX_DIR: path.join(tmp, 'proxy-outbox'),
    UPLOAD_DIR: path.join(tmp, 'proxy-uploads'),
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, PAGE_CACHE_PREFIX: `pss:bench:${crypto.randomBytes(4).toString('hex')}:` } : {}),
  };
  prepareDatabase(env);
  const ports = Array.from({ length: APP_PROCESSES }, (_, i) => PORT + 1 + i);
  const servers: ChildProcess[] = [];
  const proxy = await startProxy({ port: PROXY_PORT, upstreams: ports.map((p) => `127.0.0.1:${p}`), staticDir: path.join(ROOT, '.next', 'static') });
  const rows: Row[] = [];
  try {
    for (const port of ports) servers.push(await startServer(env, port));
    const base = proxy.url;
    // The static file: a script of the build, served by nginx from disk (Brotli, precompressed), the size of a page.
    const { text: html } = await get(`${base}/`);
    const scripts = [...html.matchAll(/<script src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]);
    const sizes = await Promise.all(scripts.map(async (src) => ({ src, bytes: (await get(new URL(src, base).toString())).wireBytes })));
    const staticFile = sizes.sort((a, b) => Math.abs(a.bytes - 20_000) - Math.abs(b.bytes - 20_000))[0];
    const measureStatic = (): Row => {
      const { result, note } = othersDuring(() => wrk(`${base}${staticFile.src}`, { connections: 20 }));
      return { what: `static file (${(staticFile.bytes / 1024).toFixed(1)} kB as sent, from nginx's disk)`, ...result, note };
    };
    const settled = await settle();
    wrk(`${base}${staticFile.src}`, { connections: 20, seconds: 2 });
    const first = measureStatic();
    first.note = [settled, first.note].filter(Boolean).join('; ');
    const measured: { t: Target; r: Row }[] = [];
    // The app processes' CPU during each row: about none when nginx answers from its cache, so a row's spread from
    // its twins (the same page in another language) is the host's, not the app's.
    const pids = servers.map((c) => c.pid);
    for (const t of TARGETS) {
      const url = `${base}${t.path}`;
      wrk(url, { connections: 20, seconds: 2, fresh: t.fresh });
      const before = cpuOfMs(pids);
      const { result, note } = othersDuring(() => wrk(url, { connections: 20, fresh: t.fresh }));
      const r: Row = { what: t.label, ...result };
      const after = cpuOfMs(pids);
      r.note = [before !== null && after !== null ? `app processes' CPU during the row: ${after - before} ms` : '', note].filter(Boolean).join('; ');
      measured.push({ t, r });
    }
    const last = measureStatic();
    const staticRps = (first.rps + last.rps) / 2;
    rows.push({ ...first, what: `${first.what}, first` });
    const seen = new Map<string, number>();
    for (const { t, r } of measured) {
      if (t.kind === 'page' || t.kind === 'wizard') {
        r.ratio = r.rps / staticRps;
        const min = t.kind === 'page' ? BUDGET.page : BUDGET.wizard;
        r.budget = r.ratio >= min && r.errors === 0 ? 'ok' : `≥ ${min}×: **missed**`;
        if (!t.path.startsWith('/api/')) {
          r.scriptKb = await scriptKb(base, t.path, seen);
          const max = t.kind === 'page' ? BUDGET.scriptPage : BUDGET.scriptWizard;
          if (r.scriptKb > max) r.budget = `${r.budget === 'ok' ? '' : `${r.budget}; `}script ≤ ${max} kB: **missed**`;
        }
      }
      rows.push(r);
    }
    rows.push({ ...last, what: `${last.what}, last` });
    if (!ONLY.length || ONLY.some((o) => o.includes('submit'))) rows.push(...(await benchSubmits(base, dbUrl, load1, servers.map((c) => c.pid!))));
  } finally {
    for (const s of servers) await stopServer(s);
    await proxy.stop();
  }
  return rows;
}

const sections: { label: string; rows: Row[] }[] = [];
const tmpdirOut = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-bench-out-'));
const started = new Date();
try {
  if (LAYOUTS.includes('start')) {
    sections.push({ label: '`npm start` alone (the app server on the embedded database, 10 connections)', rows: await benchStart() });
    // Kept at once: a failure of the next layout must not lose these.
    fs.writeFileSync(path.join(tmpdirOut, 'start.json'), JSON.stringify(sections));
    console.log(JSON.stringify(sections[0], null, 1));
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && LAYOUTS.includes('proxy')) {
    const name = `pss_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    try {
      const redis = process.env.TEST_REDIS_URL ? ' and Redis' : '';
      sections.push({ label: `the production layout (nginx in front of ${APP_PROCESSES} app processes on PostgreSQL${redis}, 20 connections)`, rows: await benchProxy(u.toString()) });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

const fmt = (n: number) => n.toLocaleString('en-US');
// The servers run on the Node that runs this script; production runs the image's (Dockerfile). On Node 20 a booking
// submit cost about a quarter more than on 24 (docs/performance.md): say so beside figures taken on another major.
const imageNode = /^FROM node:(\d+)/m.exec(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))?.[1];
const otherNode = imageNode && process.versions.node.split('.')[0] !== imageNode ? ` (the image runs Node ${imageNode}: run the bench on it to measure what production does)` : '';
const lines = [
  `# Benchmark`,
  '',
  `\`npm run bench\` on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}${otherNode}; ` +
    `wrk (2 threads; it does not decode the answers), ${SECONDS} s per row; booking submits with autocannon (${SUBMITS} over ${SUBMIT_CONNECTIONS} connections; a plain keep-alive client for the row from ${SUBMIT_CONNECTIONS} addresses), which read every answer. ` +
    `"load" is the machine's 1-minute load average while the row ran (2 cores: above 2, others' work shared them).`,
  '',
];
for (const s of sections) {
  lines.push(`## ${s.label}`, '', '| what | requests/s | p50 ms | p99 ms | × static file | script kB (Brotli, as sent) | errors | load | budget | note |', '|---|--:|--:|--:|--:|--:|--:|--:|---|---|');
  for (const r of s.rows) {
    lines.push(`| ${r.what} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.ratio === undefined ? '' : r.ratio.toFixed(2)} | ${r.scriptKb ?? ''} | ${r.errors} | ${r.load} | ${r.budget ?? ''} | ${r.note ?? ''} |`);
  }
  lines.push('');
}
lines.push(
  `Budgets (issue 43; docs/product-rules.md#caching): under \`npm start\` alone every public page from Next's cache with p99 < ${BUDGET.pageP99} ms and a new /api/quote query p99 < ${BUDGET.quoteP99} ms at 10 connections; ` +
    `through the proxy every public page ≥ ${BUDGET.page}× the static file served by the same proxy (the mean of its first and last row), the wizard's first page ≥ ${BUDGET.wizard}×; ` +
    `script ≤ ${BUDGET.scriptPage} kB on public pages, ≤ ${BUDGET.scriptWizard} kB on the wizard, as a browser downloads it; booking submits p99 < ${BUDGET.submitP99} ms one at a time, ≥ ${BUDGET.submitRps} a second with ${SUBMIT_CONNECTIONS} at once, none booked twice.`,
  '',
);
const table = lines.join('\n');
console.log(`\n${table}`);
fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
// Its "## Scale" section is the scale bench's (below), kept from the last one when this run leaves that out.
const latestPath = path.join(ROOT, 'bench', 'latest.md');
const previous = fs.existsSync(latestPath) ? fs.readFileSync(latestPath, 'utf8') : '';
const scaleAt = previous.indexOf('\n## Scale\n');
fs.writeFileSync(latestPath, scaleAt < 0 ? table : `${table.trimEnd()}\n${previous.slice(scaleAt)}`);
console.log('Written to bench/latest.md');

// Scale (issue 23): admin readers, billing job and submits on a 50,000-booking data set; writes the "## Scale" section
// of bench/latest.md itself (scripts/bench-scale.ts). BENCH_SCALE_SKIP=1 leaves it out.
if (process.env.BENCH_SCALE_SKIP !== '1' && !ONLY.length && spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/bench-scale.ts'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
// A unit booked twice is a bug, not a slow figure: the bench fails on it.
process.exit(sections.some((s) => s.rows.some((r) => (r.doubles ?? 0) > 0)) ? 1 : 0);
