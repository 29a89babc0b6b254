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
  // One statement for the three kinds of proof (each confirmation's email asks; README "Performance", booking submits).
  const [row] = await db.$queryRaw<{ proven: boolean }[]>`
    SELECT EXISTS (
        SELECT 1 FROM bookings b JOIN customers c ON c.id = b.customer_id
        WHERE c.email = ${address} AND (b.hold_confirmed_at IS NOT NULL OR b.payment_status::text = 'paid'))
      OR EXISTS (SELECT 1 FROM waiting_list_entries w WHERE w.email = ${address} AND w.confirmed_at IS NOT NULL) AS proven`;
  return row?.proven === true;
}

/** Spends one email of an unproven address's budget; false: not to be sent. */
export async function spendAddressBudget(db: Db, email: string, network: string | null): Promise<boolean> {
  if (await addressIsProven(db, email)) return true;
  const address = email.trim().toLowerCase();
  if (!(await consumeRateLimit(db, 'unprovenAddressFromNetwork', `${address}|${network ?? 'none'}`)).ok) return false;
  return (await consumeRateLimit(db, 'bookingEmailRecipient', address)).ok;
}
