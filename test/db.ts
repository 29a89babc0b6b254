import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { inject } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';

/** A private, migrated and seeded PGlite database for one test file. */
export function openTestDb(): { db: Db; close: () => Promise<void> } {
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

/** The run's own PostgreSQL database, or null when TEST_DATABASE_URL is not set. */
export function postgresTestUrl(): string | null {
  return inject('postgresUrl') || null;
}
