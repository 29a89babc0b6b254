import 'server-only';
import type { Db } from '@/lib/db';
import { localizedPath, type Locale } from '@/lib/i18n/routing';
import { unitTypeName } from '@/lib/units/listing';
import { visibleUnitNumber } from './unit-number';
import { termFromDb } from './terms';
import { awaitsHoldConfirmation } from './hold-confirmation';

/** Where a booking's success page is, with the query the page reads (bookingReference, bookingId, paymentMethod). */
export function successPath(locale: Locale, b: { reference: string; id: string; method: string }): string {
  const q = new URLSearchParams({ bookingReference: b.reference, bookingId: b.id, paymentMethod: b.method });
  return `${localizedPath(locale, '/booking-v2-success')}?${q}`;
}

/** What the success page shows; looked up by id AND reference so a guessed id alone reveals nothing. */
export async function getBookingForSuccessPage(db: Db, bookingId: string, reference: string, locale: Locale) {
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
    unitTypeName: unitTypeName(b.unitType, locale),
    unitNumber: visibleUnitNumber(b.status, b.unit?.number),
    startDate: b.startDate.toISOString().slice(0, 10),
    term: termFromDb(b.term),
    totalDueToday: b.totalDueToday,
    holdExpiresAt: b.holdExpiresAt,
    /** the unpaid hold still waits for the emailed confirmation (docs/product-rules.md#holds) */
    awaitsConfirmation: awaitsHoldConfirmation(b),
    email: b.customer.email,
    emailSent: b.snapshot?.emailStatus === 'sent',
    hasProof: b.proofs.length > 0,
  };
}
