import 'server-only';
import type { Db } from '@/lib/db';

/** 1 for the first person waiting for that unit type. */
export async function waitingListPosition(db: Db, entryId: string): Promise<{ position: number; total: number; unitTypeId: string } | null> {
  const entry = await db.waitingListEntry.findUnique({ where: { id: entryId } });
  if (!entry) return null;
  const [ahead, total] = await Promise.all([
    db.waitingListEntry.count({ where: { unitTypeId: entry.unitTypeId, confirmedAt: { not: null }, OR: [{ createdAt: { lt: entry.createdAt } }, { createdAt: entry.createdAt, id: { lt: entry.id } }] } }),
    db.waitingListEntry.count({ where: { unitTypeId: entry.unitTypeId, confirmedAt: { not: null } } }),
  ]);
  return { position: ahead + 1, total, unitTypeId: entry.unitTypeId };
}
