import 'server-only';
import type { Db } from '@/lib/db';
import { signLink, verifyLink } from '@/lib/platform/link-signing';

/** The signed link of a waiting-list sign-up's confirmation email (double opt-in); it works for a week. */
const LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const linkName = (entryId: string) => `waitlist-confirm:${entryId}`;

export function waitingListConfirmationToken(entryId: string, now?: Date): string {
  return signLink(linkName(entryId), now);
}

export function verifyWaitingListConfirmation(entryId: string, token: string | null | undefined, now?: Date): boolean {
  return verifyLink(linkName(entryId), token, { now, lifetimeMs: LIFETIME_MS });
}

/**
 * Confirms the place (once; the place in the queue is the time of the sign-up). Null: no such entry any more.
 * `clientKey`: the keyed hash of the network that pressed the button, kept so offers are bounded per network
 * (lib/billing/waiting-list-offers.ts).
 */
export async function confirmWaitingListEntry(db: Db, entryId: string, now: Date = new Date(), clientKey: string | null = null) {
  const entry = await db.waitingListEntry.findUnique({ where: { id: entryId }, include: { unitType: { select: { code: true, name: true } } } });
  if (!entry) return null;
  if (!entry.confirmedAt) await db.waitingListEntry.updateMany({ where: { id: entryId, confirmedAt: null }, data: { confirmedAt: now, clientKey } });
  return entry;
}
