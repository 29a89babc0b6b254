import 'server-only';
import type { Db } from '@/lib/db';
import type { PaymentMethod, PaymentStatus } from '@/generated/prisma/enums';
import { releaseReservation } from '@/lib/booking/holds';
import { HOLD_RULES, WAITING_FOR_STAFF_REALERT_MS, WAITS_FOR_STAFF_STATUSES, waitsForStaff } from '@/lib/holds/rules';
import { recordAudit } from '@/lib/audit';
import { alertStaff } from '@/lib/staff-alerts';
import { formatTHB } from '@/lib/format/money';
import { sendHoldExpired, sendHoldExpiring } from './hold-emails';
import { log } from '@/lib/log';

const WAITING = [...WAITS_FOR_STAFF_STATUSES] as PaymentStatus[];

/**
 * Unpaid reservations past their hold (docs/product-rules.md#holds). A hold with nothing sent (an abandoned Stripe
 * session, a transfer or crypto hold with no payment claimed) is expired, the customer is told (only at an address
 * they confirmed: a stranger's address gets one email per hold, the confirmation) and the freed unit is offered to the
 * waiting list. A hold that waits for staff (a slip or crypto payment sent, a cash payer told to come) is never
 * released here: staff are alerted at its end and every day after until they act.
 */
export async function releaseExpiredHolds(db: Db, now: Date): Promise<{ released: number; waitingForStaff: number }> {
  const due = await db.booking.findMany({
    where: { status: 'reserved', holdExpiresAt: { lt: now }, paymentStatus: { notIn: ['paid', 'refunded'] } },
    select: { id: true, unitId: true, reference: true, paymentMethod: true, paymentStatus: true, holdExpiresAt: true, holdConfirmedAt: true, totalDueToday: true, customer: { select: { firstName: true, lastName: true } } },
    orderBy: { holdExpiresAt: 'asc' },
    take: 500,
  });
  let released = 0;
  let waitingForStaff = 0;
  for (const b of due) {
    if (waitsForStaff(b)) {
      // Keyed by the day of waiting: one alert at the hold's end, one more each day it still waits.
      const day = Math.floor((now.getTime() - b.holdExpiresAt!.getTime()) / WAITING_FOR_STAFF_REALERT_MS);
      await alertStaff(db, 'hold_waiting', `${b.id}:${day}`, {
        reference: b.reference,
        name: `${b.customer.firstName} ${b.customer.lastName}`.trim(),
        method: b.paymentMethod,
        amount: formatTHB(b.totalDueToday, 'en'),
        days: String(day),
      });
      waitingForStaff++;
      continue;
    }
    // releaseReservation locks the booking row and does nothing when another run (or a payment) got there first.
    const r = await db.$transaction(async (tx) => {
      const fresh = await tx.booking.findUnique({ where: { id: b.id }, select: { paymentMethod: true, paymentStatus: true } });
      // A slip uploaded since the read above: it waits for staff instead.
      if (!fresh || waitsForStaff(fresh)) return null;
      const out = await releaseReservation(tx, b.id, now, 'expired', { offerToWaitingList: true });
      if (out) await recordAudit(tx, { actor: null, action: 'booking.hold_expire', entity: 'booking', entityId: b.id, after: { status: 'expired' } });
      return out;
    });
    if (!r) continue;
    released++;
    if (b.holdConfirmedAt) await sendHoldExpired(db, b.id).catch((e) => log.error({ err: e }, 'billing: hold-expired email failed'));
  }
  return { released, waitingForStaff };
}

/**
 * "Your hold ends, pay now": once per booking, only within its method's reminder window before the end
 * (HOLD_RULES: transfer and crypto; never cash, whose payer was told to come), only when nothing was sent yet, and only
 * to an address the customer confirmed.
 */
export async function remindExpiringHolds(db: Db, now: Date): Promise<{ reminded: number }> {
  const windows = (Object.entries(HOLD_RULES) as [PaymentMethod, (typeof HOLD_RULES)[PaymentMethod]][]).filter(([, r]) => r.reminderBeforeMs !== null);
  let reminded = 0;
  for (const [method, rule] of windows) {
    const soon = await db.booking.findMany({
      where: {
        status: 'reserved',
        paymentMethod: method,
        paymentStatus: { notIn: ['paid', ...WAITING] },
        holdConfirmedAt: { not: null },
        holdExpiresAt: { gt: now, lte: new Date(now.getTime() + rule.reminderBeforeMs!) },
      },
      select: { id: true },
    });
    for (const b of soon) {
      const r = await sendHoldExpiring(db, b.id).catch((e) => {
        log.error({ err: e }, 'billing: hold-expiring email failed');
        return null;
      });
      if (r && r.status !== 'duplicate') reminded++;
    }
  }
  return { reminded };
}
