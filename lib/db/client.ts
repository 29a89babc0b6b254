import fs from 'node:fs';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/generated/prisma/client';
import { openPGlite } from './pglite';
import { pgConfigFromUrl, resolveDbTarget, type DbTarget } from './target';
import { env } from '@/lib/env';
import { guardAdapter, type DbObserver } from './guarded-adapter';

export type Db = InstanceType<typeof PrismaClient>;

/**
 * Prisma's own defaults (2 s to get a connection, 5 s for the whole transaction) failed a job's transaction on a busy
 * 2-core host: a billing transaction ran 5.3 s at start-up beside the other server's jobs and the run failed
 * (e2e/two-servers.spec.ts, CI of 29 Nov). A transaction that needs a bound of its own still says so.
 */
const TRANSACTION_DEFAULTS = { maxWait: 10_000, timeout: 20_000 } as const;

/**
 * Builds a Prisma client for a target. Used by the app (through lib/db) and by scripts and tests directly. Every client
 * refuses status writes outside lib/lifecycle (./guarded-adapter.ts); `observe` counts statements and transactions.
 */
export function createPrismaClient(target: DbTarget = resolveDbTarget(), opts: { observe?: DbObserver } = {}): { db: Db; close: () => Promise<void> } {
  if (target.kind === 'postgres') {
    const adapter = guardAdapter(new PrismaPg({ ...pgConfigFromUrl(target.url), max: env().DATABASE_POOL_MAX }), opts.observe);
    const db = new PrismaClient({ adapter, transactionOptions: TRANSACTION_DEFAULTS });
    return { db, close: () => db.$disconnect() };
  }
  // PGlite does not create parent folders.
  fs.mkdirSync(target.dir, { recursive: true });
  const pglite = openPGlite(target.dir);
  const db = new PrismaClient({ adapter: guardAdapter(new PrismaPGlite(pglite), opts.observe), transactionOptions: TRANSACTION_DEFAULTS });
  return {
    db,
    close: async () => {
      await db.$disconnect();
      await pglite.close();
    },
  };
}
