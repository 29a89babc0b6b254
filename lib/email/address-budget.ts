import 'server-only';
import type { Db } from '@/lib/db';
import { consumeRateLimit } from '@/lib/rate-limit';

/**
 * What the site may send to an address (docs/product-rules.md#holds, "Emails"). Anyone can type anyone's address, so
 * an address that never proved itself (no hold confirmed from its emailed link, no paid booking, no confirmed
 * waiting-list place) gets few emails, from one budget, whatever asked for them:
 *   - per address and requesting network, 2 a day: a stranger's network spends only its own share, so the owner's
 *     own booking, from their own network, still gets its confirmation (issue 38, finding 7);
 *   - per address from everywhere, 10 a day: the most strangers can make the site mail one person.
 * A proven address is not limited here (the person asked for their booking's emails).
 */
export async function addressIsProven(db: Db, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const [held, paid, listed] = await Promise.all([
    db.booking.count({ where: { holdConfirmedAt: { not: null }, customer: { email: address } } }),
    db.booking.count({ where: { paymentStatus: 'paid', customer: { email: address } } }),
    db.waitingListEntry.count({ where: { email: address, confirmedAt: { not: null } } }),
  ]);
  return held + paid + listed > 0;
}

/** Spends one email of an unproven address's budget; false: not to be sent. */
export async function spendAddressBudget(db: Db, email: string, network: string | null): Promise<boolean> {
  if (await addressIsProven(db, email)) return true;
  const address = email.trim().toLowerCase();
  if (!(await consumeRateLimit(db, 'unprovenAddressFromNetwork', `${address}|${network ?? 'none'}`)).ok) return false;
  return (await consumeRateLimit(db, 'bookingEmailRecipient', address)).ok;
}
