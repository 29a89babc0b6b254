/**
 * Prepares databases once per run: a migrated and seeded PGlite template folder (each test file copies it, so files
 * never see each other's data) and, when TEST_DATABASE_URL points at a PostgreSQL server, a database created for this
 * run only and dropped at the end.
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
    const name = `pss_test_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client(pgConfigFromUrl(serverUrl));
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    const url = u.toString();
    await deployMigrations({ kind: 'postgres', url });
    const c = createPrismaClient({ kind: 'postgres', url });
    await seedDatabase(c.db);
    await c.close();
    project.provide('postgresUrl', url);
    dropPg = async () => {
      const a = new pg.Client(pgConfigFromUrl(serverUrl));
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    };
  } else {
    project.provide('postgresUrl', '');
  }

  return async () => {
    await dropPg?.();
    fs.rmSync(root, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    tmpRoot: string;
    postgresUrl: string;
  }
}
