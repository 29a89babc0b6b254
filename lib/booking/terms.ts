import type { TermCode } from '@/lib/pricing';

/** The database's enum names for the rental terms (Prisma enum values cannot start with a digit). */
export type DbTerm = 'm2m' | 'm3' | 'm6' | 'm12';

export const DB_TERM: Record<TermCode, DbTerm> = { m2m: 'm2m', '3m': 'm3', '6m': 'm6', '12m': 'm12' };

const FROM_DB: Record<DbTerm, TermCode> = { m2m: 'm2m', m3: '3m', m6: '6m', m12: '12m' };

/** A stored term back as the code pricing and messages use; month-to-month for anything unknown. */
export function termFromDb(term: string): TermCode {
  return FROM_DB[term as DbTerm] ?? 'm2m';
}
