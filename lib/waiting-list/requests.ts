import 'server-only';
import { db } from '@/lib/db';
import { consumeRateLimit } from '@/lib/rate-limit';
import { waitingListFromBody } from './api';
import { confirmWaitingListEntry } from './confirmation';

/** The waiting list's public requests on the app's database: POST /api/waiting-list and the confirmation button. */

/** One sign-up from this address against its allowance ('waitingListJoin', lib/rate-limit). */
export function spendWaitingListJoin(address: string) {
  return consumeRateLimit(db, 'waitingListJoin', address);
}

/** POST /api/waiting-list's answer for a JSON body already read (lib/waiting-list/api.ts). */
export function joinWaitingListFromBody(body: unknown) {
  return waitingListFromBody(db, body);
}

/** The confirmation link's button: the entry confirmed now, or null when it cannot be (lib/waiting-list/confirmation.ts). */
export function confirmWaitingListEntryNow(entryId: string, clientKey: string | null) {
  return confirmWaitingListEntry(db, entryId, new Date(), clientKey);
}
