import 'server-only';
import { createPrismaClient, type Db } from './client';

// One client per process: Next's dev server re-evaluates modules, and PGlite must be opened once.
const globalForDb = globalThis as unknown as { __db?: Db } & Record<symbol, unknown>;
const CLOSE_DATABASE = Symbol.for('pss.closeDatabase');

function client(): Db {
  if (!globalForDb.__db) {
    const { db, close } = createPrismaClient();
    globalForDb.__db = db;
    // The production server (scripts/server.mjs) calls this on shutdown: PGlite must be closed to flush its files.
    globalForDb[CLOSE_DATABASE] = close;
  }
  return globalForDb.__db;
}

/**
 * The app's database, opened on first use rather than on import: `next build` imports every route in several worker
 * processes, and the embedded database must not be opened by processes that never query it (PGlite has no lock).
 */
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const real = client();
    const value = Reflect.get(real, property, real);
    return typeof value === 'function' ? value.bind(real) : value;
  },
});

export type { Db };
export { Prisma } from '@/generated/prisma/client';
