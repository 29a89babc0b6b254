import 'server-only';
import type { Db } from '@/lib/db';
import type { DiscountType } from '@/generated/prisma/enums';
import { recordAudit } from '@/lib/audit';
import type { StaffUser } from '@/lib/auth/staff';
import { revalidatePublicData } from '@/lib/platform/cache/revalidate';
import { transition } from '@/lib/lifecycle';
import { offerFreedUnit } from '@/lib/billing/waiting-list-offers';
import { enqueueWaitingListOffer } from '@/lib/waiting-list/offer-task';
import { FREE_UNIT } from '@/lib/units/free';
import { CatalogFailure } from './failure';

type Actor = Pick<StaffUser, 'id' | 'email'>;

// ── physical units ───────────────────────────────────────────────────────────────────────────────────────────────

export async function addUnit(db: Db, actor: Actor, input: { unitTypeCode: string; number: string }, now = new Date()) {
  const number = input.number.trim().toUpperCase();
  await db.$transaction(async (tx) => {
    const type = await tx.unitType.findUnique({ where: { code: input.unitTypeCode } });
    if (!type) throw new CatalogFailure('catalog', 'not_found');
    if (await tx.unit.findUnique({ where: { number } })) throw new CatalogFailure('catalog', 'unit_exists');
    const unit = await tx.unit.create({ data: { number, unitTypeId: type.id } });
    await recordAudit(tx, { actor, action: 'unit.create', entity: 'unit', entityId: unit.id, after: { number, type: type.code } });
    // A new unit is a freed unit for the people waiting for its type (docs/product-rules.md#waiting-list).
    await enqueueWaitingListOffer(tx, unit.id, now, 'created');
  });
  revalidatePublicData('availability');
}

/**
 * Maintenance, back in service, or retired for good, through the lifecycle (a unit already in the state asked for
 * is left as it is). A unit holding a booking is never taken away from it here (staff move the booking to another
 * unit first). A unit back on sale is offered to the first person waiting for its type.
 */
export async function setUnitState(db: Db, actor: Actor, input: { unitId: string; state: 'available' | 'maintenance' | 'retired' }, now = new Date()) {
  await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM units WHERE id = ${input.unitId} FOR UPDATE`;
    if (!rows[0]) throw new CatalogFailure('catalog', 'not_found');
    const unit = await tx.unit.findUniqueOrThrow({ where: { id: input.unitId } });
    if (unit.currentBookingId || unit.status === 'reserved' || unit.status === 'occupied') throw new CatalogFailure('catalog', 'unit_in_use');
    const retiredAt = input.state === 'retired' ? (unit.retiredAt ?? now) : null;
    const target = input.state === 'available' ? 'available' : 'maintenance';
    if (unit.status !== target) {
      await transition(tx, 'unit', unit.id, target === 'available' ? 'backInService' : 'service', { actor, offerToWaitingList: { at: now }, data: { retiredAt }, audit: { retiredAt }, note: input.state });
    } else if ((unit.retiredAt === null) !== (retiredAt === null)) {
      await tx.unit.update({ where: { id: unit.id }, data: { retiredAt } });
      await recordAudit(tx, { actor, action: `unit.${input.state}`, entity: 'unit', entityId: unit.id, before: { retiredAt: unit.retiredAt }, after: { retiredAt } });
    }
  });
  revalidatePublicData('availability');
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
    if (await tx.promoCode.findUnique({ where: { code } })) throw new CatalogFailure('catalog', 'code_exists');
    const p = await tx.promoCode.create({ data: { ...input, code } });
    await recordAudit(tx, { actor, action: 'promoCode.create', entity: 'promoCode', entityId: p.id, after: { ...input, code } });
  });
  revalidatePublicData('catalogue');
}

/** Switches a code on or off, or changes its end date and its limit (uses already counted stay). */
export async function updatePromoCode(db: Db, actor: Actor, input: { id: string; isActive: boolean; validUntil: Date | null; maxUses: number | null }) {
  await db.$transaction(async (tx) => {
    const before = await tx.promoCode.findUnique({ where: { id: input.id } });
    if (!before) throw new CatalogFailure('catalog', 'not_found');
    const maxUses = input.maxUses === null ? null : Math.max(input.maxUses, before.currentUses);
    const after = await tx.promoCode.update({ where: { id: input.id }, data: { isActive: input.isActive, validUntil: input.validUntil, maxUses } });
    const pick = (p: typeof before) => ({ isActive: p.isActive, validUntil: p.validUntil, maxUses: p.maxUses });
    await recordAudit(tx, { actor, action: 'promoCode.update', entity: 'promoCode', entityId: before.id, before: pick(before), after: pick(after) });
  });
  revalidatePublicData('catalogue');
}

// ── waiting list ─────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Offers every free unit of a type to the people waiting for it, one unit to one person in the order they joined
 * (the queued 24-hour offer; never an email to everyone).
 */
export async function notifyWaitingForType(db: Db, actor: Actor, unitTypeId: string, now = new Date()) {
  const free = await db.unit.findMany({ where: { unitTypeId, ...FREE_UNIT }, select: { id: true }, orderBy: { number: 'asc' } });
  if (!free.length) throw new CatalogFailure('catalog', 'none_free');
  let notified = 0;
  for (const u of free) if (await offerFreedUnit(db, u.id, now)) notified++;
  const result = { notified };
  await db.$transaction((tx) => recordAudit(tx, { actor, action: 'waitingList.notify', entity: 'unitType', entityId: unitTypeId, after: result }));
  return result;
}

export async function removeWaitingEntry(db: Db, actor: Actor, id: string) {
  await db.$transaction(async (tx) => {
    const entry = await tx.waitingListEntry.findUnique({ where: { id } });
    if (!entry) throw new CatalogFailure('catalog', 'not_found');
    await tx.waitingListEntry.delete({ where: { id } });
    await recordAudit(tx, { actor, action: 'waitingList.remove', entity: 'waitingListEntry', entityId: id, before: { email: entry.email, unitTypeId: entry.unitTypeId } });
  });
}

// ── reviews ──────────────────────────────────────────────────────────────────────────────────────────────────────

export async function updateReview(db: Db, actor: Actor, input: { id: string; isActive: boolean; showOnLanding: boolean; displayOrder: number }) {
  await db.$transaction(async (tx) => {
    const before = await tx.review.findUnique({ where: { id: input.id } });
    if (!before) throw new CatalogFailure('catalog', 'not_found');
    const { id, ...data } = input;
    await tx.review.update({ where: { id }, data });
    await recordAudit(tx, { actor, action: 'review.update', entity: 'review', entityId: id, before: { isActive: before.isActive, showOnLanding: before.showOnLanding, displayOrder: before.displayOrder }, after: data });
  });
  revalidatePublicData('reviews');
}
