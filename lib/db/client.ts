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
 * Builds a Prisma client for a target. Used by the app (through lib/db) and by scripts and tests directly. Every client
 * refuses status writes outside lib/lifecycle (./guarded-adapter.ts); `observe` counts statements and transactions.
 */
export function createPrismaClient(target: DbTarget = resolveDbTarget(), opts: { observe?: DbObserver } = {}): { db: Db; close: () => Promise<void> } {
  if (target.kind === 'postgres') {
    const adapter = guardAdapter(new PrismaPg({ ...pgConfigFromUrl(target.url), max: env().DATABASE_POOL_MAX }), opts.observe);
    const db = new PrismaClient({ adapter });
    return { db, close: () => db.$disconnect() };
  }
  // PGlite does not create parent folders.
  fs.mkdirSync(target.dir, { recursive: true });
  const pglite = openPGlite(target.dir);
  const db = new PrismaClient({ adapter: guardAdapter(new PrismaPGlite(pglite), opts.observe) });
  return {
    db,
    close: async () => {
      await db.$disconnect();
      await pglite.close();
    },
  };
}
