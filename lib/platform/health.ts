import 'server-only';
import { db } from '@/lib/db';

/** How long the database takes to answer `SELECT 1`, in milliseconds; throws when it does not answer. */
export async function databaseLatencyMs(): Promise<number> {
  const started = performance.now();
  await db.$queryRaw`SELECT 1`;
  return Math.round(performance.now() - started);
}
