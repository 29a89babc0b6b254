import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { pgConfigFromUrl } from '@/lib/db/target';

/**
 * A private, migrated and seeded database for one test file: on the PostgreSQL server when TEST_DATABASE_URL is set
 * (a copy of the run's template, `CREATE DATABASE … TEMPLATE`, about a tenth of a second, dropped on close), else a
 * copy of the PGlite template folder. Files never see each other's data either way. PostgreSQL is the faster of the
 * two by far (native code beside WebAssembly, no per-file start of an embedded server), which is most of the
 * integration stage's time; without a server the same tests run on PGlite, the default `npm start` database.
 */
export async function openTestDb(): Promise<{ db: Db; close: () => Promise<void> }> {
  const template = inject('postgresFileTemplate');
  if (template) return openPostgresCopy(inject('postgresAdminUrl'), template);
  const dir = path.join(inject('tmpRoot'), `db-${crypto.randomBytes(4).toString('hex')}`);
  fs.cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  const client = createPrismaClient({ kind: 'pglite', dir });
  return {
    db: client.db,
    close: async () => {
      await client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgresCopy(adminUrl: string, templateUrl: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const template = new URL(templateUrl);
  const templateName = decodeURIComponent(template.pathname.slice(1));
  // Named after the template (the run's prefix): test/global-setup.ts drops whatever a crashed file left behind.
  const name = `${templateName.replace(/_template$/, '')}_f${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const client = createPrismaClient({ kind: 'postgres', url: url.toString() });
  return {
    db: client.db,
    close: async () => {
      await client.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** One statement on TEST_DATABASE_URL's own database (a database is never created or dropped from inside itself). */
async function adminQuery(adminUrl: string, sql: string) {
  const c = new pg.Client(pgConfigFromUrl(adminUrl));
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * This worker's own PostgreSQL database (test/global-setup.ts makes one per worker for the run), or null when
 * TEST_DATABASE_URL is not set. Files running at the same time are in different workers, so never share it; files
 * of one worker run one after another on it.
 */
export function postgresTestUrl(): string | null {
  const urls = inject('postgresUrls');
  if (!urls.length) return null;
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length];
}
