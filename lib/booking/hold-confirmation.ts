import 'server-only';
import type { Db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { signLink, verifyLink } from '@/lib/platform/link-signing';
import { cappedHoldEnd, confirmedHoldUntil, UNCONFIRMED_HOLD_MS } from './holds';
import { isOnlineMethod } from './payment-methods';

/**
 * The emailed "Confirm my reservation" link of an unpaid hold (docs/product-rules.md#holds). Following it proves the
 * customer reads that mailbox; the hold then runs its full length. The link is signed for this purpose only and lives
 * as long as the first hold could.
 */
const linkName = (reference: string) => `confirm-hold:${reference}`;
const LINK_LIFETIME_MS = 2 * UNCONFIRMED_HOLD_MS;

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
      select: { id: true, status: true, paymentStatus: true, paymentMethod: true, holdExpiresAt: true, holdConfirmedAt: true, createdAt: true, proofs: { select: { uploadedAt: true }, orderBy: { uploadedAt: 'desc' }, take: 1 } },
    });
    if (b.paymentStatus === 'paid') return { status: 'paid' };
    if (b.status !== 'reserved' || isOnlineMethod(b.paymentMethod) || !b.holdExpiresAt || b.holdExpiresAt <= now) return { status: 'not_held' };
    if (b.holdConfirmedAt) return { status: 'confirmed', holdExpiresAt: b.holdExpiresAt };
    const holdExpiresAt = cappedHoldEnd(b.createdAt, confirmedHoldUntil(b.paymentMethod, now, b.proofs[0]?.uploadedAt ?? null));
    await tx.booking.update({ where: { id: b.id }, data: { holdConfirmedAt: now, holdExpiresAt } });
    await recordAudit(tx, { actor: null, action: 'booking.hold_confirm', entity: 'booking', entityId: b.id, before: { holdExpiresAt: b.holdExpiresAt }, after: { holdExpiresAt } });
    return { status: 'confirmed', holdExpiresAt };
  });
}

/**
 * A proof uploaded after the booking lengthens a confirmed bank-transfer or crypto hold to its full length, never
 * past the hold's fixed maximum from its start (lib/booking/holds.ts). Callers do not call it for a file whose content
 * the booking already has (lib/payments/proofs/proof-fingerprint.ts): the same slip again extends nothing.
 */
export async function extendHoldForProof(tx: Parameters<Parameters<Db['$transaction']>[0]>[0], bookingId: string, now: Date): Promise<void> {
  const b = await tx.booking.findUnique({ where: { id: bookingId }, select: { status: true, paymentStatus: true, paymentMethod: true, holdConfirmedAt: true, holdExpiresAt: true, createdAt: true } });
  if (!b || b.status !== 'reserved' || !b.holdConfirmedAt || !b.holdExpiresAt || b.holdExpiresAt <= now || isOnlineMethod(b.paymentMethod)) return;
  const until = cappedHoldEnd(b.createdAt, confirmedHoldUntil(b.paymentMethod, b.holdConfirmedAt, now));
  if (until > b.holdExpiresAt) await tx.booking.update({ where: { id: bookingId }, data: { holdExpiresAt: until } });
}
