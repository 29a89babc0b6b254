import 'server-only';
import type { Db } from '@/lib/db';
import { pickLocalized } from '@/lib/i18n/localized';

/** What the success page shows; looked up by id AND reference so a guessed id alone reveals nothing. */
export async function getBookingForSuccessPage(db: Db, bookingId: string, reference: string, locale: string) {
  if (!/^[a-z0-9]{10,40}$/i.test(bookingId) || !/^BF2-[0-9A-Z]{8}$/.test(reference)) return null;
  const b = await db.booking.findFirst({
    where: { id: bookingId, reference },
    include: { unitType: { select: { name: true, code: true } }, unit: { select: { number: true } }, customer: { select: { email: true } }, snapshot: { select: { emailStatus: true } }, proofs: { select: { id: true } } },
  });
  if (!b) return null;
  return {
    id: b.id,
    reference: b.reference,
    status: b.status,
    paymentMethod: b.paymentMethod,
    paymentStatus: b.paymentStatus,
    unitTypeName: pickLocalized<string>(b.unitType.name, locale) ?? b.unitType.code.toUpperCase(),
    // The unit number is revealed once the booking is confirmed (DECISIONS.md).
    unitNumber: b.status === 'confirmed' || b.status === 'active' ? (b.unit?.number ?? null) : null,
    startDate: b.startDate.toISOString().slice(0, 10),
    term: b.term,
    totalDueToday: b.totalDueToday,
    holdExpiresAt: b.holdExpiresAt,
    email: b.customer.email,
    emailSent: b.snapshot?.emailStatus === 'sent',
    hasProof: b.proofs.length > 0,
  };
}
