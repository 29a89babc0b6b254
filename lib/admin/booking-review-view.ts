import 'server-only';
import type { Db } from '@/lib/db';
import { bookingForReview, freeUnitsOfType, snapshotIntact } from './bookings';
import { bookingAccessRecords, bookingAuditTrail } from './section-reads';
import { allowedBookingActions, depositOf, moveInExceptions, type BookingActionName } from '@/lib/rentals/rules';
import { openInvoicesOldestFirst } from '@/lib/payments/to-check';
import { paidSoFar } from '@/lib/payments/paid-so-far';
import { findProofsWithSameContentAll } from '@/lib/payments/proofs/proof-fingerprint';
import { listSupplies } from '@/lib/supplies/catalogue';
import { toLocale } from '@/lib/i18n/translator';
import { sanitizeLegalHtml } from '@/lib/legal/sanitize';
import { canAddPhotos } from '@/lib/condition/photos';
import { FREE_UNIT } from '@/lib/units/free';
import { paidWithoutUnit } from '@/lib/booking/no-unit';

/** The lines of the stored quote the review lists, in the order of the price breakdown. */
export const REVIEW_QUOTE_LINES = ['rentBeforeDiscounts', 'termDiscount', 'firstMonthDiscount', 'promoDiscount', 'rentAfterDiscounts', 'insurance', 'supplies', 'setupFee', 'securityDeposit', 'withholdingTax', 'vatIncluded', 'totalDueToday'] as const;

/**
 * Everything the booking review shows about one booking, read once: the booking with its documents, the actions its
 * state allows and the amounts each action form proposes. The page renders it and decides nothing. The gate PIN is
 * not here: showing it is a recorded act (a POST, `revealPinAction`), never a side effect of reading the page.
 */
export async function bookingReviewView(db: Db, id: string, locale: string) {
  const b = await bookingForReview(db, id);
  if (!b) return null;
  const allowed = new Set<BookingActionName>(allowedBookingActions(b));
  // Staff invoice fees and counter sales from confirmation to after the end (docs/product-rules.md#documents-staff-issue).
  const billable = b.status === 'confirmed' || b.status === 'active' || b.status === 'ended';
  const [[identityDocs, gateChanges, photos], audit, sameContent, freeUnits, supplies, openDue] = await Promise.all([
    // Identity check and gate PIN (docs/product-rules.md#identity-and-gate-access).
    bookingAccessRecords(db, b.id),
    bookingAuditTrail(db, b.id),
    // One slip behind several bookings is shown where the slip is reviewed (lib/payments/proofs/proof-fingerprint.ts).
    findProofsWithSameContentAll(db, b.proofs.map((p) => p.id)),
    allowed.has('moveIn') || allowed.has('changeUnit') ? freeUnitsOfType(db, b.unitTypeId) : Promise.resolve([]),
    billable ? listSupplies(db, toLocale(locale)) : Promise.resolve([]),
    // One counter payment for every open invoice, oldest first (docs/product-rules.md#counter-payments).
    b.status === 'reserved' ? Promise.resolve([]) : openInvoicesOldestFirst(db, b.id),
  ]);
  // A reserved booking holding no unit while none of its type is free (docs/product-rules.md#inventory): staff cannot
  // take its payment or confirm it, and are told why before they try.
  const unitless = b.status === 'reserved' && !b.unitId && !b.heldUnit;
  const noneFree = unitless && (await db.unit.count({ where: { unitTypeId: b.unitTypeId, ...FREE_UNIT } })) === 0;
  const openInvoice = [...b.invoices].reverse().find((i) => i.status === 'open');
  const slipsToCheck = b.proofs.filter((p) => p.status === 'pending');
  const quote = (b.quote ?? {}) as Record<string, unknown>;
  return {
    booking: b,
    /** no unit: none of its type free, or paid without one ('automatic' refund or 'staff' to decide) */
    noUnit: unitless ? { noneFree, paid: paidWithoutUnit(b) } : null,
    identityDocs,
    gateChanges,
    photos,
    /** "#1", "#2" … by the order photos were taken; refunds name their evidence this way */
    photoLabels: new Map(photos.map((p, i) => [p.id, `#${i + 1}`])),
    audit,
    sameContent,
    allowed,
    freeUnits,
    supplies,
    billable,
    openDue,
    openDueSatang: openDue.reduce((sum, i) => sum + i.dueSatang, 0),
    openInvoiceNumbers: b.invoices.filter((i) => i.status === 'open').map((i) => i.number),
    /** what verifying or recording cash settles: the newest open invoice, or the booking's first total */
    amountToSettleSatang: openInvoice?.totalSatang ?? b.totalDueToday,
    paid: paidSoFar(b),
    depositSatang: depositOf(b),
    // A hand-over before the booked day or before the ID check asks for a reason (docs/product-rules.md#move-in-out-of-the-ordinary).
    moveInWarnings: allowed.has('moveIn') ? moveInExceptions(b) : [],
    slipsToCheck,
    /** slips shown beside the verify button, so the proofs card only links to them */
    slipsBesideVerify: new Set(allowed.has('verifyPayment') ? slipsToCheck.map((p) => p.id) : []),
    identityPending: !b.identityVerifiedAt && identityDocs.some((d) => d.status === 'pending' && d.kind !== 'selfie' && d.storageKey),
    canRegeneratePin: Boolean(b.gatePinCipher) && (b.status === 'confirmed' || b.status === 'active'),
    canAddPhotos: canAddPhotos(b.status, 'staff'),
    quoteLines: REVIEW_QUOTE_LINES.flatMap((k) => (typeof quote[k] === 'number' ? [{ key: k, satang: quote[k] as number }] : [])),
    snapshotIntact: snapshotIntact(b.snapshot),
    agreementHtml: sanitizeLegalHtml(b.agreementText),
  };
}

export type BookingReviewView = NonNullable<Awaited<ReturnType<typeof bookingReviewView>>>;
