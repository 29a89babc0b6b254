import 'server-only';
import { Prisma } from '@/generated/prisma/client';

/**
 * A unit a booking may take: available, held by no booking, not retired. The one condition every query for a free
 * unit uses (the booking's reservation, staff's unit picker, the waiting-list offer, the checkout's count).
 */
export const FREE_UNIT = { status: 'available', currentBookingId: null, retiredAt: null } as const satisfies Prisma.UnitWhereInput;

/** FREE_UNIT in SQL, for the queries that lock the row they pick (FOR UPDATE SKIP LOCKED). */
export const FREE_UNIT_SQL = Prisma.sql`status = 'available' AND current_booking_id IS NULL AND retired_at IS NULL`;
