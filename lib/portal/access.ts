import 'server-only';
import type { Db } from '@/lib/db';
import { verifyPortalToken } from '@/lib/platform/link-signing';
import { getCustomerEmail } from './session';

/**
 * Who may open a booking in the portal: the holder of its signed email link, or a customer signed in to 'My Storage'
 * with the booking's email. Anything else gets null, which pages turn into a 404: a guessed reference or id reveals
 * nothing, not even that it exists.
 */
export async function portalBookingId(db: Db, reference: string, token: string | null | undefined): Promise<string | null> {
  if (!/^BF2-[0-9A-Z]{8}$/.test(reference)) return null;
  const booking = await db.booking.findUnique({ where: { reference }, select: { id: true, linksRevokedAt: true, customer: { select: { email: true } } } });
  if (!booking) return null;
  if (token && verifyPortalToken(reference, token, { revokedAt: booking.linksRevokedAt })) return booking.id;
  const email = await getCustomerEmail();
  return email && email === booking.customer.email.toLowerCase() ? booking.id : null;
}

export const PORTAL_BOOKING_STATUSES_LISTED = ['reserved', 'confirmed', 'active', 'ended', 'cancelled', 'expired'] as const;

/** Every booking of a signed-in customer, newest first. */
export function listCustomerBookings(db: Db, email: string) {
  return db.booking.findMany({
    where: { customer: { email: email.toLowerCase() } },
    orderBy: { createdAt: 'desc' },
    take: 100,
    select: {
      id: true,
      reference: true,
      status: true,
      paymentStatus: true,
      startDate: true,
      moveOutDate: true,
      unitType: { select: { name: true, code: true } },
      unit: { select: { number: true } },
    },
  });
}
