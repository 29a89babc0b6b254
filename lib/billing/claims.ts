import 'server-only';
import type { Prisma } from '@/generated/prisma/client';

type Tx = Prisma.TransactionClient;

/**
 * Claims a booking row for one billing step: a second job run (another server, or an overlapping run) skips a
 * booking that is being worked on instead of waiting for it, and finds the step already done when it comes back.
 */
export async function claimBooking(tx: Tx, bookingId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM bookings WHERE id = ${bookingId} FOR UPDATE SKIP LOCKED`;
  return rows.length > 0;
}

export const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === 'P2002';
