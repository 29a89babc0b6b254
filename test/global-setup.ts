/**
 * Prepares databases once per run: a migrated and seeded PGlite template folder (each test file copies it, so files
 * never see each other's data) and, when TEST_DATABASE_URL points at a PostgreSQL server, a database per worker created
 * for this run only (copies of one migrated and seeded template) and dropped at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { deployMigrations } from '../lib/db/migrations';
import { createPrismaClient } from '../lib/db/client';
import { pgConfigFromUrl } from '../lib/db/target';
import { seedDatabase } from '../prisma/seed';

export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-test-'));
  const template = path.join(root, 'template');
  process.env.ADMIN_PASSWORD ??= 'test-admin-password';
  await deployMigrations({ kind: 'pglite', dir: template });
  const { db, close } = createPrismaClient({ kind: 'pglite', dir: template });
  await seedDatabase(db);
  await close();
  project.provide('pgliteTemplate', template);
  project.provide('tmpRoot', root);

  let dropPg: (() => Promise<void>) | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    // One migrated and seeded template, then a copy of it per worker: files running at once never share a database.
    const run = `pss_test_${crypto.randomBytes(4).toString('hex')}`;
    const template = `${run}_template`;
    const workers = Array.from({ length: Math.max(1, project.globalConfig.maxWorkers) }, (_, i) => `${run}_w${i + 1}`);
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
    project.provide('postgresUrls', workers.map(urlOf));
    dropPg = () => admin(serverUrl, [...workers, template].map((n) => `DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`));
  } else {
    project.provide('postgresUrls', []);
  }

  return async () => {
    await dropPg?.();
    fs.rmSync(root, { recursive: true, force: true });
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
  }
}
