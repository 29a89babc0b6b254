import 'server-only';
import { Prisma } from '@/generated/prisma/client';
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
  const [row] = await db.$queryRaw<{ proven: boolean }[]>`SELECT ${addressProvenSql(Prisma.sql`${address}`)} AS proven`;
  return row?.proven === true;
}

/**
 * addressIsProven as an SQL expression of `address` (the address trimmed and lower-cased, an expression or a value),
 * for a caller reading it with its own statement (the confirmation reads it with the booking's snapshot:
 * lib/booking/confirmation-email.tsx). One statement for the three kinds of proof (README "Performance", booking submits).
 */
export function addressProvenSql(address: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(EXISTS (
        SELECT 1 FROM bookings proof_b JOIN customers proof_c ON proof_c.id = proof_b.customer_id
        WHERE proof_c.email = ${address} AND (proof_b.hold_confirmed_at IS NOT NULL OR proof_b.payment_status::text = 'paid'))
      OR EXISTS (SELECT 1 FROM waiting_list_entries proof_w WHERE proof_w.email = ${address} AND proof_w.confirmed_at IS NOT NULL))`;
}

/**
 * Spends one email of an unproven address's budget; false: not to be sent. `proven`: what addressIsProven answers,
 * when the caller read it with its own statement.
 */
export async function spendAddressBudget(db: Db, email: string, network: string | null, proven?: boolean): Promise<boolean> {
  if (proven ?? (await addressIsProven(db, email))) return true;
  const address = email.trim().toLowerCase();
  if (!(await consumeRateLimit(db, 'unprovenAddressFromNetwork', `${address}|${network ?? 'none'}`)).ok) return false;
  return (await consumeRateLimit(db, 'bookingEmailRecipient', address)).ok;
}
