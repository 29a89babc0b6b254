import 'server-only';
import { db } from '@/lib/db';
import { verifyWaitingListToken } from './tokens';
import { verifyWaitingListConfirmation } from './confirmation';
import { waitingListPosition } from './position';

const ENTRY_ID = /^[a-z0-9]{10,40}$/i;

/** A place in the queue behind a signed status link, with its unit type; null for a link that is not valid. */
export async function waitingListPlace(entryId: string, token: string | undefined) {
  if (typeof token !== 'string' || !ENTRY_ID.test(entryId) || !verifyWaitingListToken(entryId, token)) return null;
  const position = await waitingListPosition(db, entryId);
  const type = position ? await db.unitType.findUnique({ where: { id: position.unitTypeId }, select: { name: true, code: true } }) : null;
  return position && type ? { ...position, type } : null;
}

/**
 * The entry behind a double opt-in link (docs/product-rules.md#holds, "Emails"), and its place once confirmed; null
 * for a link that is not valid or an entry that is gone.
 */
export async function waitingListToConfirm(entryId: string, token: string) {
  if (!ENTRY_ID.test(entryId) || !verifyWaitingListConfirmation(entryId, token)) return null;
  const entry = await db.waitingListEntry.findUnique({ where: { id: entryId }, include: { unitType: { select: { code: true, name: true } } } });
  if (!entry) return null;
  return { entry, position: entry.confirmedAt ? await waitingListPosition(db, entryId) : null };
}
