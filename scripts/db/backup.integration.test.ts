import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { deployMigrations } from '@/lib/db/migrations';
import { pgConfigFromUrl, type DbTarget } from '@/lib/db/target';
import { seedDatabase } from '@/prisma/seed';
import { createBooking } from '@/lib/booking/create-booking';
import { storePendingProof } from '@/lib/payments/proofs/proof-store';
import { recordOfflinePayment } from '@/lib/payments/offline-payments';
import { readStoredFile } from '@/lib/uploads/files';
import { example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { uniqueSlip } from '@/test/fixtures/files';

/**
 * `npm run db:backup` then `npm run db:restore`, as an operator runs them (the real commands, in a child process):
 * a booking with its slip, backed up, lost, restored, and found again with the same slip bytes. On the embedded
 * database, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const ROOT = process.cwd();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function npmRun(script: 'db:backup' | 'db:restore', args: string[], env: Record<string, string>) {
  const r = spawnSync('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** A booking by bank transfer with its slip attached to the invoice's payment; returns what must come back. */
async function bookWithSlip(db: Db) {
  const booked = await createBooking(db, example2(), { locale: 'en', now: TEST_NOW, siteUrl: 'http://localhost:3000', stripe: null });
  if (!booked.ok) throw new Error(JSON.stringify(booked));
  const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: booked.bookingId } });
  const slip = await uniqueSlip();
  const stored = await storePendingProof(db, slip, 'slip.png');
  if (!stored.ok) throw new Error(stored.error);
  const paid = await recordOfflinePayment(db, { invoiceId: invoice.id, method: 'bank_transfer', proofId: stored.proof.id, now: TEST_NOW });
  expect(paid.ok).toBe(true);
  const proof = await db.paymentProof.findFirstOrThrow({ where: { bookingId: booked.bookingId } });
  return { reference: booked.reference, storagePath: proof.storagePath, slip };
}

async function expectBack(db: Db, was: { reference: string; storagePath: string; slip: Uint8Array }) {
  const booking = await db.booking.findUniqueOrThrow({ where: { reference: was.reference }, include: { proofs: true, invoices: true } });
  expect(booking.proofs.map((p) => p.storagePath)).toEqual([was.storagePath]);
  expect(booking.invoices).toHaveLength(1);
  const file = await readStoredFile(db, was.storagePath);
  expect(file && Buffer.from(file.bytes).equals(Buffer.from(was.slip))).toBe(true);
}

async function prepare(target: DbTarget) {
  await deployMigrations(target);
  const c = createPrismaClient(target);
  try {
    await seedDatabase(c.db);
    return await bookWithSlip(c.db);
  } finally {
    await c.close();
  }
}

/**
 * The embedded database both embedded tests use, made once: a copy of the run's PGlite template when there is one
 * (without TEST_DATABASE_URL), else migrated and seeded here. Opening a data folder that exists takes a fraction of a
 * second where creating one takes about five.
 */
let embedded: Promise<{ dir: string; was: Awaited<ReturnType<typeof bookWithSlip>> }> | undefined;
function embeddedDatabase() {
  embedded ??= (async () => {
    const dir = path.join(work, 'pglite', 'data');
    const template = inject('pgliteTemplate');
    if (!fs.existsSync(template)) return { dir, was: await prepare({ kind: 'pglite', dir }) };
    fs.cpSync(template, dir, { recursive: true });
    const c = createPrismaClient({ kind: 'pglite', dir });
    try {
      return { dir, was: await bookWithSlip(c.db) };
    } finally {
      await c.close();
    }
  })();
  return embedded;
}

describe('backup and restore, as the README tells an operator', () => {
  it('on the embedded database: a booking and its slip come back after the data folder is lost', async () => {
    const { dir, was } = await embeddedDatabase();
    const env = { PGLITE_DIR: dir, DATABASE_URL: '', UPLOAD_DIR: path.join(work, 'uploads') };
    const file = path.join(work, 'embedded.tar.gz');

    const backedUp = npmRun('db:backup', [file], env);
    expect(backedUp.status, backedUp.out).toBe(0);
    expect(fs.statSync(file).mode & 0o077).toBe(0);

    fs.rmSync(dir, { recursive: true, force: true });
    const restored = npmRun('db:restore', [file], env);
    expect(restored.status, restored.out).toBe(0);

    const c = createPrismaClient({ kind: 'pglite', dir });
    try {
      await expectBack(c.db, was);
    } finally {
      await c.close();
    }
  }, 600_000);

  it('refuses to touch an embedded database a server has open', async () => {
    const { dir } = await embeddedDatabase();
    const c = createPrismaClient({ kind: 'pglite', dir });
    await c.db.$queryRaw`SELECT 1`;
    try {
      const r = npmRun('db:backup', [path.join(work, 'open.tar.gz')], { PGLITE_DIR: dir, DATABASE_URL: '' });
      expect(r.status).not.toBe(0);
      expect(r.out).toContain('Stop the server first');
      expect(fs.existsSync(path.join(work, 'open.tar.gz'))).toBe(false);
    } finally {
      await c.close();
    }
  }, 300_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('on PostgreSQL: a booking and its slip come back after the database is dropped', async () => {
    const server = process.env.TEST_DATABASE_URL!;
    const name = `pss_backup_${crypto.randomBytes(4).toString('hex')}`;
    const admin = async (sql: string) => {
      const a = new pg.Client(pgConfigFromUrl(server));
      await a.connect();
      try {
        await a.query(sql);
      } finally {
        await a.end();
      }
    };
    // A copy of the run's migrated and seeded template (test/global-setup.ts): migrating and seeding here took longer.
    const template = decodeURIComponent(new URL(inject('postgresFileTemplate')).pathname.slice(1));
    await admin(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const target = { kind: 'postgres' as const, url: url.toString() };
    try {
      const copy = createPrismaClient(target);
      const was = await bookWithSlip(copy.db).finally(() => copy.close());
      const file = path.join(work, 'postgres.tar.gz');
      const backedUp = npmRun('db:backup', [file], { DATABASE_URL: target.url });
      expect(backedUp.status, backedUp.out).toBe(0);

      await admin(`DROP DATABASE "${name}" WITH (FORCE)`);
      await admin(`CREATE DATABASE "${name}"`);
      const restored = npmRun('db:restore', [file], { DATABASE_URL: target.url });
      expect(restored.status, restored.out).toBe(0);

      const c = createPrismaClient(target);
      try {
        await expectBack(c.db, was);
      } finally {
        await c.close();
      }
    } finally {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }, 600_000);
});
