/**
 * Prepares databases once per run: a migrated and seeded PGlite template folder (without TEST_DATABASE_URL each test
 * file copies it, so files never see each other's data) and, when TEST_DATABASE_URL points at a PostgreSQL server, one
 * migrated and seeded template there that each file copies (test/db.ts) plus a database per worker for the files that
 * need the real server by name, all created for this run only and dropped at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { deployMigrations } from '../lib/db/migrations';
import { createPrismaClient } from '../lib/db/client';
import { pgConfigFromUrl } from '../lib/db/target';
import { seedDatabase } from '../prisma/seed';

type Prepared = { provided: Partial<ProvidedContext>; teardown: () => Promise<void> };
/**
 * The two integration projects (files sharing modules, files that mock) share one preparation, torn down after the
 * last of them: two schema engines migrating at once panic. Kept on globalThis, as vitest may load this module once
 * per project.
 */
const shared = globalThis as unknown as { __pssTestSetup?: { prepared: Promise<Prepared>; users: number } };

export default async function setup(project: TestProject) {
  const memo = (shared.__pssTestSetup ??= { prepared: prepare(project.globalConfig.maxWorkers), users: 0 });
  memo.users++;
  const { provided, teardown } = await memo.prepared;
  for (const [k, v] of Object.entries(provided)) project.provide(k as keyof ProvidedContext, v);
  return async () => {
    if (--memo.users > 0) return;
    shared.__pssTestSetup = undefined;
    await teardown();
  };
}

async function prepare(maxWorkers: number): Promise<Prepared> {
  const provided: Partial<ProvidedContext> = {};
  const provide = <K extends keyof ProvidedContext>(k: K, v: ProvidedContext[K]) => void (provided[k] = v);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-test-'));
  process.env.ADMIN_PASSWORD ??= 'test-admin-password';
  provide('tmpRoot', root);
  const serverUrl = process.env.TEST_DATABASE_URL;
  // The PGlite template is made only when the files will copy it: with a server, they copy its template instead.
  const pgliteTemplate = path.join(root, 'template');
  if (!serverUrl) {
    await deployMigrations({ kind: 'pglite', dir: pgliteTemplate });
    const { db, close } = createPrismaClient({ kind: 'pglite', dir: pgliteTemplate });
    await seedDatabase(db);
    await close();
  }
  provide('pgliteTemplate', pgliteTemplate);

  let dropPg: (() => Promise<void>) | undefined;
  if (serverUrl) {
    // One migrated and seeded template, then a copy of it per worker: files running at once never share a database.
    const run = `pss_test_${crypto.randomBytes(4).toString('hex')}`;
    const template = `${run}_template`;
    const workers = Array.from({ length: Math.max(1, maxWorkers) }, (_, i) => `${run}_w${i + 1}`);
    const urlOf = (name: string) => {
      const u = new URL(serverUrl);
      u.pathname = `/${name}`;
      return u.toString();
    };
    await admin(serverUrl, [`CREATE DATABASE "${template}"`]);
    await deployMigrations({ kind: 'postgres', url: urlOf(template) });
    const c = createPrismaClient({ kind: 'postgres', url: urlOf(template) });
    await seedDatabase(c.db);
    await c.close();
    await untilNoSessions(serverUrl, template);
    await admin(serverUrl, workers.map((w) => `CREATE DATABASE "${w}" TEMPLATE "${template}"`));
    provide('postgresUrls', workers.map(urlOf));
    // Each file that opens a database of its own copies the template too (test/db.ts), and drops its copy when done.
    provide('postgresFileTemplate', urlOf(template));
    provide('postgresAdminUrl', serverUrl);
    dropPg = async () => {
      const left = await leftovers(serverUrl, `${run}_f`);
      await admin(serverUrl, [...workers, ...left, template].map((n) => `DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`));
    };
  } else {
    provide('postgresUrls', []);
    provide('postgresFileTemplate', '');
    provide('postgresAdminUrl', '');
  }

  return {
    provided,
    teardown: async () => {
      await dropPg?.();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

async function admin(serverUrl: string, statements: string[]) {
  const a = new pg.Client(pgConfigFromUrl(serverUrl));
  await a.connect();
  try {
    for (const sql of statements) await a.query(sql);
  } finally {
    await a.end();
  }
}

/** The per-file copies a file did not drop (it failed before its close ran). */
async function leftovers(serverUrl: string, prefix: string): Promise<string[]> {
  const a = new pg.Client(pgConfigFromUrl(serverUrl));
  await a.connect();
  try {
    const { rows } = await a.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
    return rows.map((r) => r.datname);
  } finally {
    await a.end();
  }
}

/** A database is copied only when nobody is connected to it: waits until the seed's connections are gone. */
async function untilNoSessions(serverUrl: string, name: string) {
  const a = new pg.Client(pgConfigFromUrl(serverUrl));
  await a.connect();
  try {
    for (let i = 0; ; i++) {
      const { rows } = await a.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) return;
      if (i > 300) throw new Error(`${name}: connections still open after the seed`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await a.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    tmpRoot: string;
    /** one PostgreSQL database per worker (VITEST_POOL_ID 1…n), none without TEST_DATABASE_URL */
    postgresUrls: string[];
    /** the migrated and seeded PostgreSQL template each file copies for a database of its own ('' without TEST_DATABASE_URL) */
    postgresFileTemplate: string;
    /** TEST_DATABASE_URL: where the copies are created and dropped ('' without it) */
    postgresAdminUrl: string;
  }
}
