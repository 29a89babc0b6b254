import 'server-only';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import type { Followups } from '@/lib/lifecycle';
import { offerFreedUnit } from './waiting-list-offers';

/** Runs what the committed moves call for. Never throws: the change itself is done and stays done. */
export async function runFollowups(db: Db, followups: Followups, now: Date): Promise<void> {
  for (const unitId of followups.unitsFreed) {
    await offerFreedUnit(db, unitId, now).catch((e) => log.error({ err: e, unitId }, 'lifecycle: waiting-list offer failed'));
  }
}
