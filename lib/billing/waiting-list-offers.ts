import 'server-only';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { transition } from '@/lib/lifecycle';
import { recordAudit } from '@/lib/audit';
import { verifyOfferToken } from '@/lib/waiting-list/tokens';
import { sendWaitingListOffer } from './waiting-list-offer-email';
import { log } from '@/lib/log';
import { revalidatePublicData } from '@/lib/platform/cache/revalidate';
import { FREE_UNIT_SQL } from '@/lib/units/free';

/** A freed unit is held this long for the person it is offered to, then offered to the next. */
export const OFFER_HOLD_MS = 24 * 60 * 60 * 1000;

/**
 * Offers a unit that just became free to the waiting list of its type, in the order people joined: the first one not
 * yet offered this unit (and not holding another offer) gets it held for 24 hours and an email with a link. Nobody
 * waiting: the unit simply stays available.
 */
export async function offerFreedUnit(db: Db, unitId: string, now: Date): Promise<{ offerId: string } | null> {
  const offer = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM units WHERE id = ${unitId} AND ${FREE_UNIT_SQL} FOR UPDATE SKIP LOCKED`;
    if (!rows.length) return null;
    const unit = await tx.unit.findUniqueOrThrow({ where: { id: unitId } });
    const next = await tx.waitingListEntry.findFirst({
      where: {
        unitTypeId: unit.unitTypeId,
        // Only people who confirmed their place (double opt-in) and still take these emails are offered a unit.
        confirmedAt: { not: null },
        email: { notIn: (await tx.emailSuppression.findMany({ select: { email: true } })).map((s) => s.email) },
        offers: { none: { OR: [{ unitId }, { status: 'offered', expiresAt: { gt: now } }] } },
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    if (!next) return null;
    const created = await tx.waitingListOffer.create({ data: { entryId: next.id, unitId, expiresAt: new Date(now.getTime() + OFFER_HOLD_MS), createdAt: now } });
    await transition(tx, 'unit', unitId, 'hold', { note: 'held for the waiting list', audit: { offerId: created.id } });
    await tx.waitingListEntry.update({ where: { id: next.id }, data: { notifiedAt: now } });
    await recordAudit(tx, { actor: null, action: 'waiting_list.offer', entity: 'unit', entityId: unitId, after: { offerId: created.id, entryId: next.id, expiresAt: created.expiresAt } });
    return created;
  });
  if (!offer) return null;
  // The unit is held for the person offered it: off sale on every server.
  revalidatePublicData('availability');
  await sendWaitingListOffer(db, offer.id).catch((e) => log.error({ err: e }, 'waiting list: offer email failed'));
  return { offerId: offer.id };
}

/** The unit an offer held goes back on sale, unless a booking has it by now. */
async function releaseOfferHold(tx: Prisma.TransactionClient, unitId: string, note: string) {
  const unit = await tx.unit.findUnique({ where: { id: unitId }, select: { status: true, currentBookingId: true } });
  if (unit?.status === 'reserved' && !unit.currentBookingId) await transition(tx, 'unit', unitId, 'release', { note });
}

/** Offers whose 24 hours passed: the unit goes to the next person in line (or back on sale). */
export async function expireOffers(db: Db, now: Date): Promise<{ expired: number }> {
  const due = await db.waitingListOffer.findMany({ where: { status: 'offered', expiresAt: { lte: now } }, select: { id: true, unitId: true } });
  let expired = 0;
  for (const o of due) {
    const done = await db.$transaction(async (tx) => {
      const r = await tx.waitingListOffer.updateMany({ where: { id: o.id, status: 'offered' }, data: { status: 'expired' } });
      if (!r.count) return false;
      await releaseOfferHold(tx, o.unitId, 'offer expired');
      await recordAudit(tx, { actor: null, action: 'waiting_list.offer_expire', entity: 'unit', entityId: o.unitId, after: { offerId: o.id } });
      return true;
    });
    if (!done) continue;
    expired++;
    revalidatePublicData('availability');
    await offerFreedUnit(db, o.unitId, now);
  }
  return { expired };
}

/**
 * The person the unit is held for is booking it: the hold is lifted just before the booking takes a unit of the type.
 * Returns the unit type's code, or null when the offer is not (or no longer) theirs to use.
 */
export async function claimOffer(db: Db, offerId: string, token: string | null | undefined, now: Date): Promise<{ unitTypeCode: string; entryId: string; email: string } | null> {
  if (!verifyOfferToken(offerId, token)) return null;
  return db.$transaction(async (tx) => {
    const offer = await tx.waitingListOffer.findUnique({ where: { id: offerId }, include: { entry: { select: { email: true } }, unit: { include: { unitType: { select: { code: true } } } } } });
    if (!offer || offer.status !== 'offered' || offer.expiresAt <= now) return null;
    await tx.waitingListOffer.update({ where: { id: offerId }, data: { status: 'accepted', respondedAt: now } });
    await releaseOfferHold(tx, offer.unitId, 'offer taken up: the booking takes the unit');
    return { unitTypeCode: offer.unit.unitType.code, entryId: offer.entryId, email: offer.entry.email.trim().toLowerCase() };
  });
}

/** The offer is live and its link genuine: what /checkout shows. */
export async function readOffer(db: Db, offerId: string, token: string | null | undefined, now: Date) {
  if (!verifyOfferToken(offerId, token)) return null;
  const offer = await db.waitingListOffer.findUnique({ where: { id: offerId }, include: { unit: { include: { unitType: true } }, entry: true } });
  if (!offer || offer.status !== 'offered' || offer.expiresAt <= now) return null;
  return offer;
}

/** Someone who booked through their offer leaves the list. */
export async function leaveWaitingList(db: Db, entryId: string): Promise<void> {
  await db.waitingListEntry.deleteMany({ where: { id: entryId } });
}
