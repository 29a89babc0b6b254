/**
 * `npm run bench`: latency of the quote computation (pure lib/pricing and the quote API handler with its database
 * reads) and of createBooking (validation, transaction, snapshot, outbox email) on a fresh PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set. Prints p50/p95 in milliseconds.
 */
import './server-only-shim.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-bench-'));
// The bench's own configuration, through lib/env like every reader: throwaway folders, no real email service, and
// the admin password the seed needs (the bench database is thrown away).
const { env, setEnvForTests } = await import('@/lib/env');
setEnvForTests({
  EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
  UPLOAD_DIR: path.join(tmp, 'uploads'),
  RESEND_API_KEY: undefined,
  ADMIN_PASSWORD: env().ADMIN_PASSWORD ?? 'bench-admin-password',
});

const { computeQuote } = await import('@/lib/pricing');
const { createPrismaClient } = await import('@/lib/db/client');
const { deployMigrations } = await import('@/lib/db/migrations');
const { pgConfigFromUrl } = await import('@/lib/db/target');
const { seedDatabase } = await import('@/prisma/seed');
const { quoteFromSearchParams } = await import('@/lib/booking/quote-api');
const { createBooking } = await import('@/lib/booking/create-booking');
const { completeDraft, TEST_NOW } = await import('@/test/fixtures/booking-drafts');

type Stats = { n: number; p50: number; p95: number; max: number };
function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { n: s.length, p50: +at(0.5).toFixed(3), p95: +at(0.95).toFixed(3), max: +s[s.length - 1].toFixed(3) };
}
async function time(n: number, fn: (i: number) => Promise<unknown> | unknown): Promise<Stats> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return stats(out);
}

const pure = await time(10_000, () =>
  computeQuote({ monthlyRate: 710_000, pricingMode: 'normal', term: '12m', insuranceMonthly: 0, supplies: [{ priceSatang: 35_000, quantity: 1 }], customerType: 'business', paymentMethod: 'bank_transfer', promo: { type: 'percentage', percent: 10 } }),
);
console.log('computeQuote (pure)           ', pure);

async function benchDb(label: string, db: Awaited<ReturnType<typeof createPrismaClient>>['db']) {
  // Plenty of free units so every submit books: add bench units to type m.
  const type = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
  await db.unit.createMany({ data: Array.from({ length: 200 }, (_, i) => ({ number: `BENCH-${crypto.randomBytes(3).toString('hex')}-${i}`, unitTypeId: type.id })) });
  const params = new URLSearchParams('unit=l&term=12m&insurance=0&customer=business&payment=bank_transfer&promo=WELCOME10&supplies=lock:1,box_medium:2');
  await quoteFromSearchParams(db, params, TEST_NOW);
  console.log(`${label} quote API handler   `, await time(200, () => quoteFromSearchParams(db, params, TEST_NOW)));
  const submit = await time(100, async () => {
    const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }), { locale: 'en', now: TEST_NOW, stripe: null });
    if (!r.ok) throw new Error(`bench booking failed: ${JSON.stringify(r)}`);
  });
  console.log(`${label} createBooking (+email)`, submit);
  const noEmail = await time(100, async () => {
    const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'cash' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(`bench booking failed: ${JSON.stringify(r)}`);
  });
  console.log(`${label} createBooking (no email)`, noEmail);
}

const dir = path.join(tmp, 'pglite');
await deployMigrations({ kind: 'pglite', dir });
{
  const { db, close } = createPrismaClient({ kind: 'pglite', dir });
  await seedDatabase(db);
  await benchDb('PGlite    ', db);
  await close();
}

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const name = `pss_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(pgConfigFromUrl(serverUrl));
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  try {
    await deployMigrations({ kind: 'postgres', url: u.toString() });
    const { db, close } = createPrismaClient({ kind: 'postgres', url: u.toString() });
    await seedDatabase(db);
    await benchDb('PostgreSQL', db);
    await close();
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
