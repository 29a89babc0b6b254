import 'server-only';
import type { Db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { NoUnitFree } from '@/lib/booking/unit-on-payment';
import { log } from '@/lib/log';
import { alertNoUnitFree, alertStaff } from '@/lib/staff-alerts';
import { formatTHB } from '@/lib/format/money';
import { sendBookingUpdate } from '@/lib/billing/booking-update-email';
import { NO_UNIT_DECISION_HOURS } from '@/lib/booking/no-unit';

/**
 * Runs a staff payment move; when it is refused because the booking holds no unit and none of its type is free
 * (NoUnitFree, thrown by settlePayment and rolled back with everything else), the refusal is audited and staff are
 * alerted before the refusal goes on to the staff member's screen (docs/product-rules.md#inventory).
 */
export async function alertWhenNoUnit<T>(db: Db, actor: { id: string; email: string }, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NoUnitFree) {
      try {
        await recordAudit(db, { actor, action: 'booking.confirm_refused_no_unit', entity: 'booking', entityId: error.bookingId, note: 'no unit of the type free: payment not recorded' });
        await alertNoUnitFree(db, error.bookingId);
      } catch (err) {
        log.error({ err, booking: error.reference }, 'no unit free: could not audit or alert');
      }
    }
    throw error;
  }
}

/**
 * Money came in for a booking that holds no unit while every unit of its type was taken (settlePayment's noUnit):
 * the customer is told the truth in their language (refunded automatically, or a unit or a refund from staff within
 * NO_UNIT_DECISION_HOURS) and staff get the `paid_no_unit` alert. Never throws: the payment is already recorded.
 */
export async function announcePaidWithoutUnit(db: Db, paymentId: string): Promise<void> {
  try {
    const p = await db.payment.findUniqueOrThrow({ where: { id: paymentId }, select: { amountSatang: true, booking: { select: { id: true, reference: true, customer: { select: { firstName: true, lastName: true } } } } } });
    await sendBookingUpdate(db, p.booking.id, 'paid_no_unit');
    await alertStaff(db, 'paid_no_unit', p.booking.id, { reference: p.booking.reference, name: `${p.booking.customer.firstName} ${p.booking.customer.lastName}`.trim(), amount: formatTHB(p.amountSatang, 'en'), hours: String(NO_UNIT_DECISION_HOURS) });
  } catch (err) {
    log.error({ err, paymentId }, 'paid without a unit: could not tell the customer or staff');
  }
}
