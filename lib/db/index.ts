import 'server-only';
import { createPrismaClient, type Db } from './client';

// One client per process: Next's dev server re-evaluates modules, and PGlite must be opened once.
const globalForDb = globalThis as unknown as { __db?: Db };

export const db: Db = globalForDb.__db ?? createPrismaClient().db;
globalForDb.__db = db;

export type { Db };
export { Prisma } from '@/generated/prisma/client';
