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
