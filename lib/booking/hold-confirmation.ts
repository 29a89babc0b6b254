import 'server-only';
import type { Db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { signLink, verifyLink } from '@/lib/platform/link-signing';
import { OFFLINE_HOLD_MS } from '@/lib/holds/rules';
import { isOnlineMethod } from './payment-methods';

/**
 * The emailed "Confirm my reservation" link of an unpaid hold (docs/product-rules.md#holds). Following it proves the
 * customer reads that mailbox: the booking's later emails (the reminder, the end of the hold) go only to a proven
 * address, and the per-email hold limits count it. It never changes how long the unit is held (one rule per method,
 * lib/booking/holds.ts), so not pressing it never costs a customer the unit. Signed for this purpose only; lives as
 * long as the hold.
 */
const linkName = (reference: string) => `confirm-hold:${reference}`;
const LINK_LIFETIME_MS = OFFLINE_HOLD_MS;

export function holdConfirmationToken(reference: string, now?: Date): string {
  return signLink(linkName(reference), now);
}

export function verifyHoldConfirmationToken(reference: string, token: string | null | undefined, now?: Date): boolean {
  return verifyLink(linkName(reference), token, { now, lifetimeMs: LINK_LIFETIME_MS });
}

/** Whether the booking's hold waits for the emailed confirmation (what the success page and the email say). */
export function awaitsHoldConfirmation(b: { status: string; paymentStatus: string; paymentMethod: string; holdConfirmedAt: Date | null }): boolean {
  return b.status === 'reserved' && b.paymentStatus !== 'paid' && !isOnlineMethod(b.paymentMethod) && !b.holdConfirmedAt;
}

export type HoldConfirmation = { status: 'confirmed'; holdExpiresAt: Date } | { status: 'not_held' | 'paid' };

/** Confirms the hold (once; a second press answers the same), under the booking's row lock. */
export async function confirmHold(db: Db, reference: string, now: Date = new Date()): Promise<HoldConfirmation> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM bookings WHERE reference = ${reference} FOR UPDATE`;
    if (!rows[0]) return { status: 'not_held' };
    const b = await tx.booking.findUniqueOrThrow({
      where: { id: rows[0].id },
      select: { id: true, status: true, paymentStatus: true, paymentMethod: true, holdExpiresAt: true, holdConfirmedAt: true },
    });
    if (b.paymentStatus === 'paid') return { status: 'paid' };
    if (b.status !== 'reserved' || isOnlineMethod(b.paymentMethod) || !b.holdExpiresAt || b.holdExpiresAt <= now) return { status: 'not_held' };
    if (b.holdConfirmedAt) return { status: 'confirmed', holdExpiresAt: b.holdExpiresAt };
    await tx.booking.update({ where: { id: b.id }, data: { holdConfirmedAt: now } });
    await recordAudit(tx, { actor: null, action: 'booking.hold_confirm', entity: 'booking', entityId: b.id, after: { holdConfirmedAt: now } });
    return { status: 'confirmed', holdExpiresAt: b.holdExpiresAt };
  });
}

