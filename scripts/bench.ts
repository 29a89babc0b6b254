/**
 * `npm run bench`: the production server under load, measured with autocannon (docs/product-rules.md#caching).
 *
 * Builds when the sources changed (the same build `npm start` serves), then for the embedded database and, when
 * TEST_DATABASE_URL is set, for a throwaway PostgreSQL database: migrates, seeds, starts scripts/server.mjs on its own
 * port and measures requests/s and p50/p99 latency for a static file, every public page in every language, the
 * wizard's first page, the JSON APIs and, on PostgreSQL, booking submits by 50 customers at once (the wizard's server
 * action, as the browser posts it), then checks that no unit was booked twice. Every page figure is also given as a
 * ratio to the static file of the same run (measured first and last; the mean of both is the reference, so a machine
 * shared with others drifts less into the ratios), and each page's script (the gzip size of its <script src> files, what
 * a phone downloads) is summed. Each row says whether it meets its budget (issue 23).
 * Prints a table and writes it to bench/latest.md. BENCH_SECONDS (default 8) and BENCH_CONNECTIONS (default 20)
 * change the run; while iterating, BENCH_ONLY=/th,/ru (rows whose path contains one of these) and BENCH_DB=pglite or
 * postgres narrow it (the static file is always measured; the booking submits only when BENCH_ONLY names "submit" or is
 * unset). The server runs as `npm run serve` would: one process per core on PostgreSQL unless WEB_CONCURRENCY says
 * otherwise (scripts/server/cluster.mjs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import pg from 'pg';
// @ts-expect-error -- plain ESM helpers shared with npm start and npm test
import { ensureBuild, ensureDependencies, ensurePrismaClient, prepareDatabase, ROOT, serverEnv } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 500);
const SUBMIT_CONNECTIONS = 50;
const BASE = `http://127.0.0.1:${PORT}`;
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const QUOTE = '/api/quote?unit=l&term=12m&insurance=0&customer=business&payment=bank_transfer&supplies=lock:1,box_medium:2';

/**
 * autocannon 9 appends every response body to a string (`req.body += data`, lib/pipelinedRequestsQueue.js), so the
 * load tool decodes each answer as UTF-8 on the same two cores the server runs on. A compressed page is binary, the
 * slow path of that decoder: the home page's 23 kB of gzip, replayed by a bare Node server with its own headers, was
 * answered about 4,000 times a second, and 23 kB of ASCII 26,000 times (27 Nov 08:50); against the production server
 * the same 20 kB pages went from 5,400–8,000 to 22,000–24,000 a second with the decoding skipped. A browser never
 * decodes a Brotli stream as text, so the rows that do not read their answers skip it; the submit rows, which check
 * every answer, keep it (readingAnswers).
 */
const answerQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(this: unknown, data: Buffer): void } };
const keepAnswer = answerQueue.prototype.addBody;
let answersRead = false;
answerQueue.prototype.addBody = function (data) {
  if (answersRead) keepAnswer.call(this, data);
};
async function readingAnswers<T>(run: () => Promise<T>): Promise<T> {
  answersRead = true;
  try {
    return await run();
  } finally {
    answersRead = false;
  }
}

/** A quote nobody asked for in the last seconds: no cache layer can answer it, so the pricing itself is measured. */
function freshQuotePath(): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];
  const qty = () => Math.floor(Math.random() * 100);
  return `/api/quote?unit=${pick(['s', 'm', 'l', 'xl'])}&term=${pick(['m2m', '3m', '6m', '12m'])}&insurance=0&customer=${pick(['individual', 'business'])}&payment=${pick(['card', 'bank_transfer', 'cash'])}&supplies=lock:${qty()},box_medium:${qty()},tape:${qty()}`;
}

/** The budgets of issue 23 (README "Performance"). */
const BUDGET = { page: 0.7, wizard: 0.5, quoteP99: 20, submitP99: 150, scriptPage: 120, scriptWizard: 160 } as const;

type Kind = 'static' | 'page' | 'wizard' | 'api' | 'quote';
interface Target {
  label: string;
  path: string;
  kind: Kind;
  fresh?: () => string;
}

const LOCALE_PREFIXES = ['', '/th', '/ru'];
/** The public pages of docs/product-rules.md#caching; "units" is the live listing the home page and the wizard show. */
const PUBLIC_PAGES = ['/', '/faq', '/space-calculator', '/greenbox', '/legal'];
const localized = (prefix: string, p: string) => (p === '/' ? prefix || '/' : `${prefix}${p}`);

const STATIC: Target = { label: 'static file', path: '/icons/icon-192.png', kind: 'static' };
/**
 * A static file the size of a large page as sent (20 kB: the Thai home page in Brotli), written into the build's static
 * folder for the run: it tells what moving a large page's bytes costs (the load tool handles them on the same cores)
 * from the server's own work.
 */
const SIZED_BYTES = 20 * 1024;
const SIZED: Target = { label: 'static file, 20 kB', path: '/_next/static/bench/reference-20k.bin', kind: 'static' };
const ALL_TARGETS: Target[] = [
  ...PUBLIC_PAGES.flatMap((p) => LOCALE_PREFIXES.map((l): Target => ({ label: localized(l, p), path: localized(l, p), kind: 'page' }))),
  ...['en', 'th', 'ru'].map((l): Target => ({ label: `/api/unit-types?locale=${l} (units)`, path: `/api/unit-types?locale=${l}`, kind: 'page' })),
  ...LOCALE_PREFIXES.map((l): Target => ({ label: `${l}/booking-v2`, path: `${l}/booking-v2`, kind: 'wizard' })),
  { label: '/api/quote (the same query: replayed)', path: QUOTE, kind: 'api' },
  { label: '/api/quote (a new query each time)', path: QUOTE, kind: 'quote', fresh: freshQuotePath },
];
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const TARGETS = ONLY.length ? ALL_TARGETS.filter((t) => ONLY.some((o) => t.path.includes(o) || t.label.includes(o))) : ALL_TARGETS;
const DBS = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');

interface Row {
  what: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio?: number;
  note?: string;
  /** units booked twice (the submit row) */
  doubles?: number;
  /** kB of the page's <script src> files as a browser downloads them (Brotli) */
  scriptKb?: number;
  /** the same files in gzip, for comparison with runs before Brotli */
  scriptGzipKb?: number;
  /** requests/s against the 20 kB static file's */
  sizedRatio?: number;
  /** 'ok', or what the budget is when missed; empty when the row has none */
  budget?: string;
}

ensureDependencies();
ensurePrismaClient();
// SITE_URL as `npm start` has it, so the bench measures (and reuses) the very build `npm start` serves.
const baseEnv = { ...serverEnv('production', String(PORT)), SITE_URL: process.env.SITE_URL || 'http://localhost:3000' };
ensureBuild(baseEnv);

function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/server.mjs'], { cwd: ROOT, env: { ...env, PORT: String(PORT), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      try {
        // The server makes its Brotli copies of the build's scripts in the first ~2 s after a start
        // (scripts/server/static-brotli.mjs); the first row must not share the cores with that.
        if ((await fetch(`${BASE}/api/health`)).ok) return setTimeout(() => resolve(child), 4_000);
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) return reject(new Error('server did not start within 60 s'));
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

async function load(path: string, opts: Partial<autocannon.Options> = {}): Promise<autocannon.Result> {
  // What Chromium asks for: the pages' figures would otherwise measure copying uncompressed HTML, or gzip where a
  // browser gets Brotli.
  return autocannon({ url: `${BASE}${path}`, connections: CONNECTIONS, duration: SECONDS, headers: { 'accept-encoding': BROWSER_ENCODINGS }, ...opts });
}

function row(what: string, r: autocannon.Result): Row {
  return { what, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
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
function submitBody(agreementId: string): string {
  const n = crypto.randomInt(10_000_000, 99_999_999);
  const draft = {
    idempotencyKey: `bench-${crypto.randomUUID()}`,
    step: 12,
    unitTypeCode: 'bench',
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

async function benchSubmits(dbUrl: string): Promise<{ row: Row; alone: Row; floor: Row; doubles: number; booked: number }> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    // A unit type of its own with plenty of free units, so every submit can book.
    const { rows: [template] } = await client.query(`SELECT * FROM unit_types WHERE code = 's'`);
    const typeId = `bench${crypto.randomBytes(6).toString('hex')}`;
    await client.query(
      `INSERT INTO unit_types (id, code, category, size_rank, display_order, name, description, features, dimensions, base_rate, pricing_mode, is_active, updated_at)
       VALUES ($1, 'bench', $2, 99, 99, $3, $4, $5, $6, $7, $8, true, now())`,
      [typeId, template.category, JSON.stringify({ en: 'Bench', th: 'Bench', ru: 'Bench' }), JSON.stringify(template.description), JSON.stringify(template.features), template.dimensions, template.base_rate, template.pricing_mode],
    );
    await client.query(`INSERT INTO units (id, number, unit_type_id, updated_at) SELECT 'bu' || g, 'BENCH-' || g, $1, now() FROM generate_series(1, $2::int) g`, [typeId, SUBMITS + 200]);
    const { rows: [agreement] } = await client.query(`SELECT id FROM legal_documents WHERE type = 'rental_agreement' AND locale = 'en' AND is_active ORDER BY version DESC LIMIT 1`);
    // The public catalogue is cached for seconds: wait until the server sees the new type.
    for (let i = 0; i < 40 && !(await (await fetch(`${BASE}/api/unit-types`)).text()).includes('"bench"'); i++) await new Promise((r) => setTimeout(r, 500));

    const actionId = wizardActionId('createBooking');
    // Each run counts its own refusals (a 200 whose answer is not a booking); a slow submit is measured as slow, not
    // dropped as a timeout.
    const submit = async (connections: number, amount: number) => {
      let failures = 0;
      const result = await readingAnswers(() =>
        autocannon({
          url: `${BASE}/booking-v2`,
          connections,
          amount,
          timeout: 60,
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', 'next-action': actionId, origin: BASE },
              setupRequest: (req) => ({ ...req, body: submitBody(agreement.id) }),
              onResponse: (status, body) => {
                if (status === 200 && !String(body).includes('"ok":true')) failures++;
              },
            },
          ],
        }),
      );
      return { result, failures };
    };
    // What one submit costs alone (its service time), and how many transactions it runs (every statement outside a
    // transaction is one): the two figures that decide what 50 at once can take.
    const xacts = async () => {
      await new Promise((r) => setTimeout(r, 1500)); // statistics reach pg_stat_database within a second
      const { rows: [x] } = await client.query(`SELECT (xact_commit + xact_rollback)::int AS n FROM pg_stat_database WHERE datname = current_database()`);
      return x.n as number;
    };
    const ALONE = 30;
    const before = await xacts();
    const alone = await submit(1, ALONE);
    const perSubmit = ((await xacts()) - before) / ALONE;
    const many = await submit(SUBMIT_CONNECTIONS, SUBMITS);
    const { rows: [counts] } = await client.query(
      `SELECT count(*)::int AS booked, (count(*) - count(DISTINCT unit_id))::int AS doubles FROM bookings b JOIN unit_types t ON t.id = b.unit_type_id WHERE t.code = 'bench' AND b.status = 'reserved'`,
    );
    const r = row(`booking submits (${SUBMIT_CONNECTIONS} customers at once)`, many.result);
    r.errors += many.failures;
    const one = row('booking submits (one customer at a time)', alone.result);
    one.errors += alone.failures;
    one.note = `about ${perSubmit.toFixed(1)} database transactions per submit (including the server's own background work meanwhile)`;
    // The floor under the submit budget on this machine: the wizard's openWizard action answers before any database
    // work (it counts the start after the answer), so 50 at once of it measure what Next's server action handling
    // alone costs the same server.
    const open = await autocannon({
      url: `${BASE}/booking-v2`,
      connections: SUBMIT_CONNECTIONS,
      amount: SUBMITS,
      timeout: 60,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', 'next-action': wizardActionId('openWizard'), origin: BASE },
          body: JSON.stringify([{ draftToken: null }]),
        },
      ],
    });
    const floor = row(`a server action with no database work before its answer (openWizard), ${SUBMIT_CONNECTIONS} at once`, open);
    floor.note = 'what Next alone costs a submit on this machine';
    return { row: r, alone: one, floor, doubles: counts.doubles, booked: counts.booked };
  } finally {
    await client.end();
  }
}

/** The bytes a response's body takes on the wire (compressed as sent), asking as `acceptEncoding`. */
function wireBytes(url: URL, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

/**
 * What a phone downloads of a page's script: every <script src> the HTML names, as the server sends it to a browser
 * (Brotli), and beside it its gzip size (each file once per page; Next's `noModule` polyfills, which modern browsers
 * skip, excluded). Inline scripts are part of the document.
 */
async function scriptKb(pagePath: string, seen: Map<string, { sent: number; gzip: number }>): Promise<{ sent: number; gzip: number }> {
  const html = await (await fetch(`${BASE}${pagePath}`)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = m[1];
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src && !/\bnoModule\b|\bnomodule\b/.test(attrs)) srcs.add(src.replace(/&amp;/g, '&'));
  }
  let sent = 0;
  let gzip = 0;
  for (const src of srcs) {
    if (!seen.has(src)) {
      const url = new URL(src, BASE);
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      seen.set(src, { sent: await wireBytes(url, BROWSER_ENCODINGS), gzip: zlib.gzipSync(body).length });
    }
    sent += seen.get(src)!.sent;
    gzip += seen.get(src)!.gzip;
  }
  // One decimal, and the budget is judged on it: 120.4 kB is over a 120 kB budget, whatever rounding would say.
  return { sent: Math.round((sent / 1024) * 10) / 10, gzip: Math.round((gzip / 1024) * 10) / 10 };
}

async function benchDatabase(label: string, dbEnv: Record<string, string>, dbUrl: string | null): Promise<Row[]> {
  const env = { ...baseEnv, ...dbEnv, RATE_LIMIT_SCALE: '10000', EMAIL_OUTBOX_DIR: path.join(tmp, `${label}-outbox`), UPLOAD_DIR: path.join(tmp, `${label}-uploads`) };
  prepareDatabase(env);
  const server = await startServer(env);
  const rows: Row[] = [];
  try {
    const measure = async (t: Target) => {
      const opts: Partial<autocannon.Options> = t.fresh ? { requests: [{ setupRequest: (req) => ({ ...req, path: t.fresh!() }) }] } : {};
      await load(t.path, { ...opts, duration: 2 }); // warm: the first requests compile and fill the caches
      return row(t.label, await load(t.path, opts));
    };
    const staticFirst = await measure(STATIC);
    const sizedFirst = await measure(SIZED);
    const measured: { t: Target; r: Row }[] = [];
    for (const t of TARGETS) measured.push({ t, r: await measure(t) });
    const sizedLast = await measure(SIZED);
    const staticLast = await measure(STATIC);
    const staticRps = (staticFirst.rps + staticLast.rps) / 2;
    const sizedRps = (sizedFirst.rps + sizedLast.rps) / 2;
    rows.push({ ...staticFirst, what: 'static file (first)' });
    rows.push({ ...sizedFirst, what: 'static file, 20 kB (first)', ratio: sizedFirst.rps / staticRps, note: 'a body the size of a large page as sent' });
    const scripts = new Map<string, { sent: number; gzip: number }>();
    for (const { t, r } of measured) {
      if (t.kind === 'page' || t.kind === 'wizard') {
        r.ratio = r.rps / staticRps;
        r.sizedRatio = r.rps / sizedRps;
        r.note = `${r.sizedRatio.toFixed(2)}× the 20 kB static file`;
        const min = t.kind === 'page' ? BUDGET.page : BUDGET.wizard;
        r.budget = r.ratio >= min ? 'ok' : `≥ ${min}×: **missed**`;
      }
      if (t.kind === 'quote') r.budget = r.p99 < BUDGET.quoteP99 ? 'ok' : `p99 < ${BUDGET.quoteP99} ms: **missed**`;
      if ((t.kind === 'page' || t.kind === 'wizard') && !t.path.startsWith('/api/')) {
        const kb = await scriptKb(t.path, scripts);
        r.scriptKb = kb.sent;
        r.scriptGzipKb = kb.gzip;
        r.note = `${r.note}; script in gzip ${kb.gzip} kB`;
        const max = t.kind === 'page' ? BUDGET.scriptPage : BUDGET.scriptWizard;
        if (r.scriptKb > max) r.budget = `${r.budget === 'ok' ? '' : `${r.budget}; `}script ≤ ${max} kB: **missed**`;
      }
      rows.push(r);
    }
    rows.push({ ...sizedLast, what: 'static file, 20 kB (last)', ratio: sizedLast.rps / staticRps });
    rows.push({ ...staticLast, what: 'static file (last)' });
    if (dbUrl && (!ONLY.length || ONLY.some((o) => o.includes('submit')))) {
      const s = await benchSubmits(dbUrl);
      rows.push(s.alone);
      // A run with refusals or without one answered submit has not met anything, whatever its latency says.
      const ok = s.row.p99 < BUDGET.submitP99 && s.doubles === 0 && s.row.errors === 0 && s.row.rps > 0;
      rows.push({ ...s.row, doubles: s.doubles, note: `${s.booked} booked, ${s.doubles} unit(s) booked twice`, budget: ok ? 'ok' : `p99 < ${BUDGET.submitP99} ms, none twice: **missed**` });
      rows.push(s.floor);
    }
  } finally {
    await stopServer(server);
  }
  return rows;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-bench-'));
const sections: { label: string; rows: Row[] }[] = [];
// Random bytes, so no compression changes its size; in the build's folder (outside the sources, so no rebuild), for
// this run only.
const sizedFile = path.join(ROOT, '.next', SIZED.path.replace('/_next/', ''));
fs.mkdirSync(path.dirname(sizedFile), { recursive: true });
fs.writeFileSync(sizedFile, crypto.randomBytes(SIZED_BYTES));
try {
  if (DBS.includes('pglite')) sections.push({ label: 'embedded PGlite', rows: await benchDatabase('pglite', { DATABASE_URL: '', PGLITE_DIR: path.join(tmp, 'pglite') }, null) });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && DBS.includes('postgres')) {
    const name = `pss_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    try {
      sections.push({ label: 'PostgreSQL', rows: await benchDatabase('postgres', { DATABASE_URL: u.toString() }, u.toString()) });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(path.dirname(sizedFile), { recursive: true, force: true });
}

const fmt = (n: number) => n.toLocaleString('en-US');
const lines = [
  `# Benchmark`,
  '',
  `\`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}; ` +
    `autocannon, ${CONNECTIONS} connections for ${SECONDS} s per row (submits: ${SUBMITS} requests over ${SUBMIT_CONNECTIONS} connections); the production server (scripts/server.mjs).`,
  '',
];
for (const s of sections) {
  lines.push(`## ${s.label}`, '', '| what | requests/s | p50 ms | p99 ms | × static file | script kB (Brotli, as sent) | errors | budget | note |', '|---|--:|--:|--:|--:|--:|--:|---|---|');
  for (const r of s.rows) {
    lines.push(
      `| ${r.what} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.ratio === undefined ? '' : r.ratio.toFixed(2)} | ${r.scriptKb ?? ''} | ${r.errors} | ${r.budget ?? ''} | ${r.note ?? ''} |`,
    );
  }
  lines.push('');
}
lines.push(
  `Budgets (issue 23; docs/product-rules.md#caching): public pages in every language ≥ ${BUDGET.page}× the static file (the mean of its first and last row), ` +
    `the wizard's first page ≥ ${BUDGET.wizard}×; /api/quote with a new query p99 < ${BUDGET.quoteP99} ms; booking submits p99 < ${BUDGET.submitP99} ms ` +
    `with no unit booked twice; script ≤ ${BUDGET.scriptPage} kB on public pages, ≤ ${BUDGET.scriptWizard} kB on the wizard, as a browser downloads it (Brotli; the gzip size in the note).`,
  '',
);
const table = lines.join('\n');
console.log(`\n${table}`);
fs.mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench', 'latest.md'), table);
console.log('Written to bench/latest.md');

/**
 * The README's table (between its bench-table markers): every row once, each database's figures side by side, from
 * this same run. Only a complete run rewrites it (not one narrowed by BENCH_ONLY or BENCH_DB).
 */
function readmeTable(): string {
  const whats = [...new Set(sections.flatMap((s) => s.rows.map((r) => r.what)))];
  const head = ['| what |', ...sections.map((s) => ` ${s.label}: requests/s (× static) | p99 ms |`), ' script kB (as sent; gzip) | budget |'].join('');
  const align = ['|---|', ...sections.map(() => '--:|--:|'), '--:|---|'].join('');
  const body = whats.map((what) => {
    const cells = sections.map((s) => {
      const r = s.rows.find((x) => x.what === what);
      const ratios = r?.ratio === undefined ? '' : ` (${r.ratio.toFixed(2)}×${r.sizedRatio === undefined ? '' : `; ${r.sizedRatio.toFixed(2)}× 20 kB`})`;
      return r ? ` ${fmt(r.rps)}${ratios} | ${r.p99} |` : ' | |';
    });
    const all = sections.map((s) => s.rows.find((x) => x.what === what)).filter((r): r is Row => Boolean(r));
    const withScript = all.find((r) => r.scriptKb !== undefined);
    const script = withScript ? `${withScript.scriptKb} (${withScript.scriptGzipKb})` : undefined;
    const missed = all.filter((r) => r.budget && r.budget !== 'ok');
    const budget = all.some((r) => r.budget) ? (missed.length ? missed.flatMap((r) => (r.budget ?? '').split('; ')).filter((b, i, a) => b && a.indexOf(b) === i).join('; ') : 'ok') : '';
    return `| ${what} |${cells.join('')} ${script ?? ''} | ${budget} |`;
  });
  return [head, align, ...body].join('\n');
}
if (!ONLY.length && DBS.includes('pglite') && DBS.includes('postgres') && process.env.TEST_DATABASE_URL) {
  const readmePath = path.join(ROOT, 'README.md');
  const readme = fs.readFileSync(readmePath, 'utf8');
  const begin = '<!-- bench-table:begin -->';
  const end = '<!-- bench-table:end -->';
  const a = readme.indexOf(begin);
  const b = readme.indexOf(end);
  if (a !== -1 && b > a) {
    fs.writeFileSync(readmePath, `${readme.slice(0, a + begin.length)}\n${readmeTable()}\n${readme.slice(b)}`);
    console.log('README.md table refreshed');
  }
}
// Scale (issue 23): admin readers, billing job and submits on a 50,000-booking data set; writes the "## Scale" section
// of bench/latest.md itself (scripts/bench-scale.ts). BENCH_SCALE_SKIP=1 leaves it out.
const { spawnSync } = await import('node:child_process');
if (process.env.BENCH_SCALE_SKIP !== '1' && spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/bench-scale.ts'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
// A unit booked twice is a bug, not a slow figure: the bench fails on it.
process.exit(sections.some((s) => s.rows.some((r) => (r.doubles ?? 0) > 0)) ? 1 : 0);
