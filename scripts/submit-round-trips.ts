/**
 * Counts what one booking submit costs the database (issue 23, "booking submits under load"): every statement Prisma
 * sends through lib/booking createBooking (what the wizard's server action calls), and the transactions PostgreSQL
 * counted for it (pg_stat_database xact_commit + xact_rollback, which includes a little server background work).
 * Usage: TEST_DATABASE_URL=postgres://… tsx scripts/submit-round-trips.ts [submits] — a throwaway database, dropped after.
 * It also prints this process's CPU per submit (createBooking, then the task worker's pass), without Next's own share.
 * VERBOSE=1 lists each statement of the last submit. AT_ONCE=50 then times that many more submits, 50 at once, with
 * the email and staff alert after the answer as the server action does (p50, p99, none booked twice).
 */
import './server-only-shim.mjs';
import crypto from 'node:crypto';
import pg from 'pg';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('TEST_DATABASE_URL is required');
const SUBMITS = Number(process.argv[2] ?? 20);
const AT_ONCE = Number(process.env.AT_ONCE ?? 0);
process.env.LOG_LEVEL ??= 'warn';
process.env.ADMIN_PASSWORD ??= 'round-trips-admin-password';

const { pgConfigFromUrl } = await import('@/lib/db/target');
const { deployMigrations } = await import('@/lib/db/migrations');
const { seedDatabase } = await import('../prisma/seed');
const { PrismaPg } = await import('@prisma/adapter-pg');
const { PrismaClient } = await import('@/generated/prisma/client');

const name = `round_trips_${crypto.randomBytes(4).toString('hex')}`;
const admin = new pg.Client(pgConfigFromUrl(serverUrl));
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const u = new URL(serverUrl);
u.pathname = `/${name}`;
const url = u.toString();
try {
  await deployMigrations({ kind: 'postgres', url });
  const statements: string[] = [];
  const db = new PrismaClient({ adapter: new PrismaPg({ ...pgConfigFromUrl(url), max: 10 }), log: [{ emit: 'event', level: 'query' }] });
  db.$on('query', (e: { query: string }) => statements.push(e.query));
  await seedDatabase(db);
  const { createBooking } = await import('@/lib/booking/create-booking');
  const { addDaysISO, todayInBangkok } = await import('@/lib/dates/bangkok');
  const type = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  await db.unit.createMany({ data: Array.from({ length: SUBMITS + 5 + AT_ONCE * 4 }, (_, i) => ({ number: `RT-${i + 1}`, unitTypeId: type.id })) });
  const agreement = await db.legalDocument.findFirstOrThrow({ where: { type: 'rental_agreement', locale: 'en', isActive: true }, orderBy: { version: 'desc' } });
  const draft = (i: number) => ({
    idempotencyKey: `round-trips-${crypto.randomUUID()}`,
    step: 12,
    unitTypeCode: 's',
    customerType: 'individual',
    startDate: addDaysISO(todayInBangkok(new Date()), 1),
    term: '6m',
    insuranceMonthly: 0,
    promoCode: null,
    supplies: {},
    contact: { firstName: 'Round', lastName: 'Trip', email: `round-trip+${i}@example.com`, phone: `+66 89 ${String(100 + i)} ${String(1000 + i).slice(-4)}`, address: '1 Beach Road, Phuket' },
    paymentMethod: 'cash',
    agreement: { scrolled: true, agreed: true, signature: 'Round Trip', signedAt: new Date().toISOString(), documentId: agreement.id },
    termsAccepted: true,
  });
  const stat = new pg.Client(pgConfigFromUrl(url));
  await stat.connect();
  const xacts = async () => {
    await stat.query('SELECT pg_stat_clear_snapshot()');
    const r = await stat.query(`SELECT (xact_commit + xact_rollback)::int AS n FROM pg_stat_database WHERE datname = $1`, [name]);
    return Number(r.rows[0].n);
  };
  // Warm: module loading and the pool's connections are not what is measured.
  await createBooking(db, draft(SUBMITS + 1), { locale: 'en', stripe: null });
  await new Promise((r) => setTimeout(r, 2_500));
  const before = await xacts();
  let ok = 0;
  let last: string[] = [];
  let answerStatements = 0;
  const ms: number[] = [];
  // This process's CPU (user + system), the server's share of a submit; PostgreSQL's own work is not in it.
  const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
  const cpuBefore = process.cpuUsage();
  // The work each submit leaves for after its answer is kept aside and run after all of them, so PostgreSQL's counters
  // tell the transactions inside the requests from those of what follows.
  const { runTasks } = await import('@/lib/jobs/tasks');
  for (let i = 0; i < SUBMITS; i++) {
    statements.length = 0;
    const t = performance.now();
    const r = await createBooking(db, draft(i), { locale: 'en', stripe: null });
    ms.push(performance.now() - t);
    answerStatements += statements.length;
    if (r.ok) ok++;
    else console.log(JSON.stringify(r));
    last = [...statements];
  }
  const cpuRequest = cpuMs(process.cpuUsage(cpuBefore)) / SUBMITS;
  await new Promise((r) => setTimeout(r, 2_500)); // backends report their statistics about once a second
  const answered = await xacts();
  statements.length = 0;
  // What follows the answer: the tasks the submits wrote (the confirmation, the staff alert), run by the task worker.
  const cpuTasks = process.cpuUsage();
  await runTasks(db, { budgetMs: 600_000 });
  const cpuAfter = cpuMs(process.cpuUsage(cpuTasks)) / SUBMITS;
  const lastAfter = statements.slice(-Math.round(statements.length / SUBMITS) * 2);
  await new Promise((r) => setTimeout(r, 2_500));
  const after = await xacts();
  // Each pg_stat_database read is itself one transaction of this database.
  const inside = (answered - before - 1) / SUBMITS;
  const perSubmit = (after - before - 2) / SUBMITS;
  ms.sort((a, b) => a - b);
  console.log(`${ok}/${SUBMITS} booked, one at a time`);
  console.log(`statements before the answer: ${(answerStatements / SUBMITS).toFixed(1)} per submit; after it: ${lastAfter.length} (last submit)`);
  console.log(`PostgreSQL transactions per submit (pg_stat_database): ${inside.toFixed(1)} inside the request, ${perSubmit.toFixed(1)} with the work after it`);
  console.log(`CPU of this process per submit: ${cpuRequest.toFixed(1)} ms in the request, ${cpuAfter.toFixed(1)} ms for the work after it`);
  console.log(`latency alone: median ${Math.round(ms[Math.floor(ms.length / 2)])} ms, p99 ${Math.round(ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))])} ms`);
  last = [...last, ...lastAfter];
  if (process.env.VERBOSE) for (const [i, s] of last.entries()) console.log(`${String(i + 1).padStart(3)} ${s.replace(/\s+/g, ' ').slice(0, 160)}`);
  if (AT_ONCE) {
    const total = AT_ONCE * 4;
    const times: number[] = [];
    let next = 0;
    let failed = 0;
    const t0 = performance.now();
    const worker = async () => {
      while (next < total) {
        const i = SUBMITS + 10 + next++;
        const t = performance.now();
        const r = await createBooking(db, draft(i), { locale: 'en', stripe: null });
        times.push(performance.now() - t);
        if (!r.ok) failed++;
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    const seconds = (performance.now() - t0) / 1000;
    await runTasks(db, { budgetMs: 600_000 });
    const [{ doubles }] = await db.$queryRaw<{ doubles: number }[]>`SELECT (count(*) - count(DISTINCT unit_id))::int AS doubles FROM bookings WHERE status::text = 'reserved'`;
    times.sort((a, b) => a - b);
    const pct = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]);
    console.log(`${total} submits, ${AT_ONCE} at once: p50 ${pct(50)} ms, p99 ${pct(99)} ms, ${Math.round(total / seconds)}/s, ${failed} failed, ${doubles} booked twice`);
  }
  await stat.end();
  await db.$disconnect();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
