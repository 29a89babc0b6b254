import 'server-only';
import type { Db } from '@/lib/db';
import type { DiscountType } from '@/generated/prisma/enums';
import { recordAudit } from '@/lib/audit';
import type { StaffUser } from '@/lib/auth/staff';
import { revalidatePublicData } from '@/lib/cache/revalidate';
import { notifyWaitingList } from '@/lib/email/waiting-list';

type Actor = Pick<StaffUser, 'id' | 'email'>;

export type CatalogError = 'unit_exists' | 'unit_in_use' | 'code_exists' | 'not_found' | 'none_free';

export class CatalogFailure extends Error {
  constructor(readonly code: CatalogError) {
    super(code);
  }
}

// ── physical units ───────────────────────────────────────────────────────────────────────────────────────────────

export async function addUnit(db: Db, actor: Actor, input: { unitTypeCode: string; number: string }) {
  const number = input.number.trim().toUpperCase();
  await db.$transaction(async (tx) => {
    const type = await tx.unitType.findUnique({ where: { code: input.unitTypeCode } });
    if (!type) throw new CatalogFailure('not_found');
    if (await tx.unit.findUnique({ where: { number } })) throw new CatalogFailure('unit_exists');
    const unit = await tx.unit.create({ data: { number, unitTypeId: type.id } });
    await recordAudit(tx, { actor, action: 'unit.create', entity: 'unit', entityId: unit.id, after: { number, type: type.code } });
  });
  revalidatePublicData('availability');
}

/**
 * Maintenance, back in service, or retired for good. A unit holding a booking is never taken away from it here
 * (staff move the booking to another unit first).
 */
export async function setUnitState(db: Db, actor: Actor, input: { unitId: string; state: 'available' | 'maintenance' | 'retired' }) {
  const released = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM units WHERE id = ${input.unitId} FOR UPDATE`;
    if (!rows[0]) throw new CatalogFailure('not_found');
    const unit = await tx.unit.findUniqueOrThrow({ where: { id: input.unitId } });
    if (unit.currentBookingId || unit.status === 'reserved' || unit.status === 'occupied') throw new CatalogFailure('unit_in_use');
    const data =
      input.state === 'retired'
        ? { status: 'maintenance' as const, retiredAt: new Date() }
        : { status: input.state, retiredAt: null };
    const after = await tx.unit.update({ where: { id: unit.id }, data });
    await recordAudit(tx, { actor, action: `unit.${input.state}`, entity: 'unit', entityId: unit.id, before: { status: unit.status, retiredAt: unit.retiredAt }, after: { status: after.status, retiredAt: after.retiredAt } });
    return unit.status !== 'available' && after.status === 'available' ? unit.unitTypeId : null;
  });
  revalidatePublicData('availability');
  // A unit back in service is a freed unit for the people waiting for its type.
  if (released) await notifyWaitingList(db, released, `unit:${input.unitId}:${Date.now()}`).catch(() => undefined);
}

// ── promo codes ──────────────────────────────────────────────────────────────────────────────────────────────────

export interface PromoInput {
  code: string;
  discountType: DiscountType;
  discountValue: number; // percent, or satang for fixed
  validFrom: Date;
  validUntil: Date | null;
  maxUses: number | null;
  isActive: boolean;
  description: { en: string; th: string; ru: string };
}

export async function createPromoCode(db: Db, actor: Actor, input: PromoInput) {
  const code = input.code.trim().toUpperCase();
  await db.$transaction(async (tx) => {
    if (await tx.promoCode.findUnique({ where: { code } })) throw new CatalogFailure('code_exists');
    const p = await tx.promoCode.create({ data: { ...input, code } });
    await recordAudit(tx, { actor, action: 'promoCode.create', entity: 'promoCode', entityId: p.id, after: { ...input, code } });
  });
  revalidatePublicData('catalogue');
}

/** Switches a code on or off, or changes its end date and its limit (uses already counted stay). */
export async function updatePromoCode(db: Db, actor: Actor, input: { id: string; isActive: boolean; validUntil: Date | null; maxUses: number | null }) {
  await db.$transaction(async (tx) => {
    const before = await tx.promoCode.findUnique({ where: { id: input.id } });
    if (!before) throw new CatalogFailure('not_found');
    const maxUses = input.maxUses === null ? null : Math.max(input.maxUses, before.currentUses);
    const after = await tx.promoCode.update({ where: { id: input.id }, data: { isActive: input.isActive, validUntil: input.validUntil, maxUses } });
    const pick = (p: typeof before) => ({ isActive: p.isActive, validUntil: p.validUntil, maxUses: p.maxUses });
    await recordAudit(tx, { actor, action: 'promoCode.update', entity: 'promoCode', entityId: before.id, before: pick(before), after: pick(after) });
  });
  revalidatePublicData('catalogue');
}

// ── waiting list ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Tells everyone waiting for a type that a unit is free, when one is. */
export async function notifyWaitingForType(db: Db, actor: Actor, unitTypeId: string) {
  const free = await db.unit.count({ where: { unitTypeId, status: 'available', currentBookingId: null, retiredAt: null } });
  if (!free) throw new CatalogFailure('none_free');
  const result = await notifyWaitingList(db, unitTypeId, `staff:${Date.now()}`);
  await db.$transaction((tx) => recordAudit(tx, { actor, action: 'waitingList.notify', entity: 'unitType', entityId: unitTypeId, after: result }));
  return result;
}

export async function removeWaitingEntry(db: Db, actor: Actor, id: string) {
  await db.$transaction(async (tx) => {
    const entry = await tx.waitingListEntry.findUnique({ where: { id } });
    if (!entry) throw new CatalogFailure('not_found');
    await tx.waitingListEntry.delete({ where: { id } });
    await recordAudit(tx, { actor, action: 'waitingList.remove', entity: 'waitingListEntry', entityId: id, before: { email: entry.email, unitTypeId: entry.unitTypeId } });
  });
}

// ── reviews ──────────────────────────────────────────────────────────────────────────────────────────────────────

export async function updateReview(db: Db, actor: Actor, input: { id: string; isActive: boolean; showOnLanding: boolean; displayOrder: number }) {
  await db.$transaction(async (tx) => {
    const before = await tx.review.findUnique({ where: { id: input.id } });
    if (!before) throw new CatalogFailure('not_found');
    const { id, ...data } = input;
    await tx.review.update({ where: { id }, data });
    await recordAudit(tx, { actor, action: 'review.update', entity: 'review', entityId: id, before: { isActive: before.isActive, showOnLanding: before.showOnLanding, displayOrder: before.displayOrder }, after: data });
  });
  revalidatePublicData('reviews');
}
