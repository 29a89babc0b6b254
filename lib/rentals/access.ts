import 'server-only';
import type { Db } from '@/lib/db';
import type { StaffUser } from '@/lib/auth/roles';
import { recordAudit } from '@/lib/audit';
import { regenerateGatePin } from '@/lib/gate/pin';
import { markGateChangeDone } from '@/lib/gate/push';

/** Gate access from the booking review (docs/product-rules.md#identity-and-gate-access). */
type Actor = Pick<StaffUser, 'id' | 'email'>;

/** A new gate PIN for the booking, the booking locked so two clicks make one PIN; the outbox key of its email. */
export function regeneratePinForBooking(db: Db, bookingId: string, actor: Actor) {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
    return regenerateGatePin(tx, bookingId, actor);
  });
}

/** A gate change the gate did not confirm, done by hand at the gate; false when it was not waiting. */
export async function markGateChangeDoneByHand(db: Db, changeId: string, actor: Actor): Promise<boolean> {
  const done = await markGateChangeDone(db, changeId, actor);
  if (!done) return false;
  const change = await db.gateChange.findUniqueOrThrow({ where: { id: changeId }, select: { bookingId: true, action: true } });
  await db.$transaction((tx) => recordAudit(tx, { actor, action: 'gate_change.done_by_hand', entity: 'booking', entityId: change.bookingId, after: { change: changeId, action: change.action } }));
  return true;
}
