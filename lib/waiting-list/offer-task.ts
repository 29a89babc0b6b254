import { z } from 'zod';
import type { Prisma } from '@/generated/prisma/client';
import { enqueueTask, taskType } from '@/lib/platform/tasks/queue';

/**
 * A unit came (back) on sale: offer it to the first person waiting for its type (docs/product-rules.md#waiting-list).
 * Written in the transaction that frees the unit (lib/lifecycle's transition, a new unit), so a rolled-back change
 * offers nothing and a crash after the commit loses no offer; the worker runs it right after the commit
 * (offerFreedUnit, lib/jobs/tasks.ts). Running it twice offers once: an offer holds the unit in the offer's own
 * transaction, and a unit no longer free is offered to nobody.
 */
export const WAITING_LIST_OFFER = taskType('waiting_list.offer_freed_unit', z.object({ unitId: z.string().min(1), at: z.iso.datetime() }));

/**
 * `at` is the moment the change freed the unit (the offer's 24 hours run from it, as the change's own clock says: a
 * job's run); `freeing` names that change (its audit row, or "created"): one offer task per freeing.
 */
export function enqueueWaitingListOffer(tx: Prisma.TransactionClient, unitId: string, at: Date, freeing: string): Promise<void> {
  return enqueueTask(tx, WAITING_LIST_OFFER, { unitId, at: at.toISOString() }, { dedupeKey: `waiting_list.offer:${unitId}:${freeing}` });
}
