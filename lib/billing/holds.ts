import 'server-only';
import type { Db } from '@/lib/db';
import { releaseReservation } from '@/lib/booking/holds';
import { recordAudit } from '@/lib/audit';
import { sendHoldExpired, sendHoldExpiring } from './hold-emails';
import { log } from '@/lib/log';
import { offerFreedUnit } from './waiting-list-offers';

/** Customers holding a unit for cash, bank transfer or crypto hear this long before the 48-hour hold ends. */
export const HOLD_EXPIRING_NOTICE_MS = 12 * 60 * 60 * 1000;

/**
 * Unpaid reservations past their hold (an abandoned Stripe session, the 48-hour cash, bank-transfer and crypto holds)
 * are expired, the customer is told, and the freed unit is offered to the waiting list in order.
 */
export async function releaseExpiredHolds(db: Db, now: Date): Promise<{ released: number }> {
  const due = await db.booking.findMany({
    where: { status: 'reserved', holdExpiresAt: { lt: now }, paymentStatus: { not: 'paid' } },
    select: { id: true, unitId: true },
    take: 500,
  });
  let released = 0;
  for (const b of due) {
    // releaseReservation locks the booking row and does nothing when another run (or a payment) got there first.
    const r = await db.$transaction(async (tx) => {
      const out = await releaseReservation(tx, b.id, now, 'expired');
      if (out) await recordAudit(tx, { actor: null, action: 'booking.hold_expire', entity: 'booking', entityId: b.id, after: { status: 'expired' } });
      return out;
    });
    if (!r) continue;
    released++;
    await sendHoldExpired(db, b.id).catch((e) => log.error({ err: e }, 'billing: hold-expired email failed'));
    if (r.unitReleased && b.unitId) await offerFreedUnit(db, b.unitId, now);
  }
  return { released };
}

/** A reminder with the pay link while a 48-hour hold still has up to 12 hours to run (once per booking). */
export async function remindExpiringHolds(db: Db, now: Date): Promise<{ reminded: number }> {
  const soon = await db.booking.findMany({
    where: {
      status: 'reserved',
      paymentStatus: { not: 'paid' },
      paymentMethod: { in: ['bank_transfer', 'crypto', 'cash'] },
      holdExpiresAt: { gt: now, lte: new Date(now.getTime() + HOLD_EXPIRING_NOTICE_MS) },
    },
    select: { id: true },
  });
  let reminded = 0;
  for (const b of soon) {
    const r = await sendHoldExpiring(db, b.id).catch((e) => {
      log.error({ err: e }, 'billing: hold-expiring email failed');
      return null;
    });
    if (r && r.status !== 'duplicate') reminded++;
  }
  return { reminded };
}
