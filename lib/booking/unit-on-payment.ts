import 'server-only';
import { Refusal } from '@/lib/actions/refusal';
import { translator } from '@/lib/i18n/translator';
import type { Prisma } from '@/generated/prisma/client';
import { recordAudit } from '@/lib/audit';
import { transition } from '@/lib/lifecycle';
import { takeFreeUnit } from './reserve';

type Tx = Prisma.TransactionClient;

/**
 * Staff tried to take a payment (verify a slip, record cash or a counter payment) that would confirm a booking holding
 * no unit while every unit of its type is taken (docs/product-rules.md#inventory, "Staff cannot confirm without a
 * unit"). Thrown inside the transaction, so nothing of the payment is written.
 */
export class NoUnitFree extends Refusal {
  readonly code = 'no_unit_free';
  constructor(readonly bookingId: string, readonly reference: string) {
    super(`no unit free for ${reference}`);
    this.name = 'NoUnitFree';
  }
  /** Nothing was written: staff are told the booking cannot be confirmed while no unit of its type is free. */
  say(locale: string): string {
    return translator(locale, 'admin')('bookingActions.errors.no_unit_to_confirm', { reference: this.reference });
  }
}

/**
 * A booking made when only its type's reserve was free holds no unit (docs/product-rules.md#holds, "Nobody can hold
 * the last unit"): the payment that completes takes one now, the reserve included. 'none': every unit is taken, the
 * booking stays unconfirmed and its money goes back (card and PromptPay automatically; staff are alerted otherwise).
 */
export async function unitForPayment(tx: Tx, booking: { id: string; reference: string; unitId: string | null; unitTypeId: string }): Promise<'had_unit' | 'placed' | 'none'> {
  if (booking.unitId) return 'had_unit';
  const unit = await takeFreeUnit(tx, booking.unitTypeId, booking.id);
  if (!unit) {
    await recordAudit(tx, { actor: null, action: 'booking.paid_no_unit', entity: 'booking', entityId: booking.id, note: 'paid while every unit of the type was taken: refund' });
    return 'none';
  }
  await transition(tx, 'unit', unit.id, 'hold', { data: { currentBookingId: booking.id }, audit: { booking: booking.reference, onPayment: true }, lockedFrom: 'available' });
  return 'placed';
}
