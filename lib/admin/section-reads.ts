import 'server-only';
import { withNextTry } from './etax-failures';
import type { Db } from '@/lib/db';
import { dateColumn, todayInBangkok } from '@/lib/dates/bangkok';
import { FREE_UNIT } from '@/lib/units/free';

/**
 * What the staff area's pages and routes read, grouped by section, so app/admin holds no query of its own (the pages
 * get the database handle from lib/admin/guard.ts and pass it here). Lists with filters live in their own modules
 * (unit-list.ts, invoice-list.ts, …); these are the plain reads each page needs. What a read leaves in the audit log (a
 * download, a look at an identity document) is written by lib/audit/staff-reads.ts: lib/admin writes nothing.
 */

// ── unit types ───────────────────────────────────────────────────────────────────────────────────────────────────

export function unitTypesForAdmin(db: Db) {
  return db.unitType.findMany({ orderBy: [{ displayOrder: 'asc' }, { sizeRank: 'asc' }], include: { _count: { select: { units: { where: { retiredAt: null } } } } } });
}

export function unitTypeForAdmin(db: Db, code: string) {
  return db.unitType.findUnique({ where: { code }, include: { images: { orderBy: { displayOrder: 'asc' } } } });
}

/** The unit types as choices of a form or filter. */
export function unitTypeChoices(db: Db) {
  return db.unitType.findMany({ orderBy: [{ displayOrder: 'asc' }, { sizeRank: 'asc' }], select: { code: true, name: true } });
}

/** Rent changes of a type confirmed and not applied yet, from today on. */
export function pendingRentChanges(db: Db, code: string) {
  return db.rentChange.findMany({
    where: { appliedAt: null, cancelledAt: null, booking: { unitType: { code } }, effectiveFrom: { gte: dateColumn(todayInBangkok()) } },
    orderBy: { effectiveFrom: 'asc' },
    include: { booking: { select: { reference: true } } },
  });
}

// ── waiting list ─────────────────────────────────────────────────────────────────────────────────────────────────

/** The types people wait for, with how many wait and how many units are free now. */
export function waitedForTypes(db: Db) {
  return db.unitType.findMany({
    where: { waitingList: { some: {} } },
    orderBy: [{ displayOrder: 'asc' }, { sizeRank: 'asc' }],
    select: {
      id: true,
      code: true,
      name: true,
      _count: { select: { waitingList: true, units: { where: FREE_UNIT } } },
    },
  });
}

// ── content ──────────────────────────────────────────────────────────────────────────────────────────────────────

export function translationOverridesForAdmin(db: Db) {
  return db.translationOverride.findMany({ orderBy: [{ reviewStatus: 'asc' }, { updatedAt: 'desc' }] });
}

export function legalDocumentsForAdmin(db: Db) {
  return db.legalDocument.findMany({
    orderBy: [{ type: 'asc' }, { locale: 'asc' }, { version: 'desc' }],
    select: { id: true, type: true, locale: true, version: true, title: true, isActive: true, createdAt: true },
  });
}

export function legalDocumentForAdmin(db: Db, id: string) {
  return db.legalDocument.findUnique({ where: { id } });
}

export function reviewsForAdmin(db: Db) {
  return db.review.findMany({ orderBy: [{ isActive: 'desc' }, { showOnLanding: 'desc' }, { displayOrder: 'asc' }, { publishedAt: 'desc' }], take: 200 });
}

// ── staff accounts ───────────────────────────────────────────────────────────────────────────────────────────────

export function staffAccountsForAdmin(db: Db) {
  return db.user.findMany({ orderBy: [{ isActive: 'desc' }, { email: 'asc' }] });
}

export function ownAccount(db: Db, userId: string) {
  return db.user.findUniqueOrThrow({ where: { id: userId } });
}

/** When the signed-in member turned on two-factor sign-in (the dashboard reminds those who have not). */
export function ownTwoFactor(db: Db, userId: string) {
  return db.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } });
}

export function ownAlertChoices(db: Db, userId: string) {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { alertsOff: true, alertLocale: true } });
}

// ── files staff open (payment slips, identity documents) ─────────────────────────────────────────────────────────

export function paymentProofFile(db: Db, id: string) {
  return db.paymentProof.findUnique({ where: { id }, select: { storagePath: true, mimeType: true, fileName: true } });
}

export function identityDocumentFile(db: Db, id: string) {
  return db.identityDocument.findUnique({ where: { id }, select: { storageKey: true, mimeType: true, fileName: true, bookingId: true, kind: true } });
}

// ── bookings and the booking review ──────────────────────────────────────────────────────────────────────────────

export async function bookingIdByReference(db: Db, reference: string): Promise<string | null> {
  return (await db.booking.findUnique({ where: { reference }, select: { id: true } }))?.id ?? null;
}

/** The identity documents, gate changes and condition photos of a booking, for its review. */
export function bookingAccessRecords(db: Db, bookingId: string) {
  return Promise.all([
    db.identityDocument.findMany({ where: { bookingId }, orderBy: { uploadedAt: 'asc' } }),
    db.gateChange.findMany({ where: { bookingId }, orderBy: { createdAt: 'desc' }, take: 20 }),
    db.conditionPhoto.findMany({ where: { bookingId }, orderBy: { createdAt: 'asc' } }),
  ]);
}

export function bookingAuditTrail(db: Db, bookingId: string) {
  return db.auditLog.findMany({ where: { entity: 'booking', entityId: bookingId }, orderBy: { createdAt: 'desc' }, take: 50 });
}

/** e-Tax Invoice by Email sends of one invoice, oldest first, with their next try (docs/product-rules.md#thai-money). */
export async function etaxDeliveriesOfInvoice(db: Db, invoiceId: string) {
  return withNextTry(db, await db.etaxDelivery.findMany({ where: { invoiceId }, orderBy: { createdAt: 'asc' } }));
}
