import 'server-only';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';

/**
 * Two-step search for the staff lists (README "Performance" → "Scale"): the customers (or bookings) a query matches
 * are found first, through their trigram indexes, and the list then reads its rows by those ids (an index lookup)
 * instead of testing every booking's or invoice's customer against the pattern. Over MATCHING_IDS_MAX matches the
 * caller falls back to the relation filter (same rows, slower), so no match is ever cut off.
 */
export const MATCHING_IDS_MAX = 2_000;

/** Ids of the customers matching `where`, or null when there are more than MATCHING_IDS_MAX. */
export async function customerIdsMatching(db: Db, where: Prisma.CustomerWhereInput): Promise<string[] | null> {
  const rows = await db.customer.findMany({ where, select: { id: true }, take: MATCHING_IDS_MAX + 1 });
  return rows.length > MATCHING_IDS_MAX ? null : rows.map((r) => r.id);
}

/** Ids of the bookings matching `where`, or null when there are more than MATCHING_IDS_MAX. */
export async function bookingIdsMatching(db: Db, where: Prisma.BookingWhereInput): Promise<string[] | null> {
  const rows = await db.booking.findMany({ where, select: { id: true }, take: MATCHING_IDS_MAX + 1 });
  return rows.length > MATCHING_IDS_MAX ? null : rows.map((r) => r.id);
}
