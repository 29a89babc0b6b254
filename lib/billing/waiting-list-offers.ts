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
import { OFFER_HOLD_MS } from '@/lib/waiting-list/offer-hold';

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
    const next = await nextInLine(tx, unit.unitTypeId, unitId, now);
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

/** Who a person is, for the offer bounds: the address, the phone's last nine digits, the confirming network. */
type Party = { email: string; phone: string | null; clientKey: string | null };
const phoneKey = (phone: string | null) => (phone ? phone.replace(/\D/g, '').slice(-9) || null : null);
function sameParty(a: Party, b: Party): boolean {
  return a.email.trim().toLowerCase() === b.email.trim().toLowerCase() || (phoneKey(a.phone) !== null && phoneKey(a.phone) === phoneKey(b.phone)) || (a.clientKey !== null && a.clientKey === b.clientKey);
}

/**
 * The first confirmed person in line for the type who may be offered this unit (docs/product-rules.md#waiting-list,
 * issue 38 finding 3): nobody whose party (same email, phone or confirming network) holds a live offer of any unit,
 * so offers are bounded to one per person and per network at a time; and nobody of a party this unit was already
 * offered to, so an offer that lapses unused never hands the unit to the same party's next entry.
 */
async function nextInLine(tx: Prisma.TransactionClient, unitTypeId: string, unitId: string, now: Date) {
  const suppressed = (await tx.emailSuppression.findMany({ select: { email: true } })).map((s) => s.email);
  const partyOf = { email: true, phone: true, clientKey: true } as const;
  const [live, offeredThis] = await Promise.all([
    tx.waitingListOffer.findMany({ where: { status: 'offered', expiresAt: { gt: now } }, select: { entry: { select: partyOf } } }),
    tx.waitingListOffer.findMany({ where: { unitId }, select: { entry: { select: partyOf } } }),
  ]);
  const blocked = [...live, ...offeredThis].map((o) => o.entry);
  const line = await tx.waitingListEntry.findMany({
    // Only people who confirmed their place (double opt-in) and still take these emails are offered a unit.
    where: { unitTypeId, confirmedAt: { not: null }, email: { notIn: suppressed } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 500,
  });
  return line.find((e) => !blocked.some((b) => sameParty(e, b))) ?? null;
}

/**
 * The unit an offer held goes back on sale, unless a booking has it by now; `offerToWaitingList`: to the next person in
 * line (a task of this transaction, lib/lifecycle), not when the person offered it is booking it.
 */
async function releaseOfferHold(tx: Prisma.TransactionClient, unitId: string, note: string, offerToWaitingList?: { at: Date }) {
  const unit = await tx.unit.findUnique({ where: { id: unitId }, select: { status: true, currentBookingId: true } });
  if (unit?.status === 'reserved' && !unit.currentBookingId) await transition(tx, 'unit', unitId, 'release', { note, offerToWaitingList });
}

/**
 * Offers whose 24 hours passed: the unit goes back on sale and to the next person in line (the offer task its release
 * writes, run by the worker once this commits).
 */
export async function expireOffers(db: Db, now: Date): Promise<{ expired: number }> {
  const due = await db.waitingListOffer.findMany({ where: { status: 'offered', expiresAt: { lte: now } }, select: { id: true, unitId: true } });
  let expired = 0;
  for (const o of due) {
    const done = await db.$transaction(async (tx) => {
      const r = await tx.waitingListOffer.updateMany({ where: { id: o.id, status: 'offered' }, data: { status: 'expired' } });
      if (!r.count) return false;
      await releaseOfferHold(tx, o.unitId, 'offer expired', { at: now });
      await recordAudit(tx, { actor: null, action: 'waiting_list.offer_expire', entity: 'unit', entityId: o.unitId, after: { offerId: o.id } });
      return true;
    });
    if (done) expired++;
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

/**
 * A checkout that fails keeps the offer (issue 38): the submit was refused, or the card or PromptPay checkout of the
 * booking made through the offer ended unpaid. While the offer's 24 hours run, it is live again and `unitId` (the
 * unit the failed booking freed, or the one first offered) is held for it again. True: restored (the caller does not
 * offer the unit to the next person).
 */
export async function restoreOffer(db: Db, match: OfferMatch, unitId: string | null, now: Date): Promise<boolean> {
  return db.$transaction((tx) => restoreOfferIn(tx, match, unitId, now));
}

type OfferMatch = { offerId: string } | { email: string; unitTypeId: string };

/**
 * restoreOffer inside the caller's transaction: the one that just freed the unit (a checkout that ended unpaid), so the
 * unit is held again before that transaction's waiting-list offer task can see it free. The lifecycle's hold move
 * refreshes the public availability.
 */
export async function restoreOfferIn(tx: Prisma.TransactionClient, match: OfferMatch, unitId: string | null, now: Date): Promise<boolean> {
  const offer = await tx.waitingListOffer.findFirst({
    where: 'offerId' in match ? { id: match.offerId, status: 'accepted', expiresAt: { gt: now } } : { status: 'accepted', expiresAt: { gt: now }, entry: { email: match.email.trim().toLowerCase(), unitTypeId: match.unitTypeId } },
    orderBy: { respondedAt: 'desc' },
  });
  if (!offer) return false;
  const target = unitId ?? offer.unitId;
  const free = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM units WHERE id = ${target} AND ${FREE_UNIT_SQL} FOR UPDATE SKIP LOCKED`;
  if (!free.length) return false;
  if (target !== offer.unitId && (await tx.waitingListOffer.findUnique({ where: { entryId_unitId: { entryId: offer.entryId, unitId: target } } }))) return false;
  await tx.waitingListOffer.update({ where: { id: offer.id }, data: { status: 'offered', respondedAt: null, unitId: target } });
  await transition(tx, 'unit', target, 'hold', { note: 'held again for the waiting list: the checkout failed', audit: { offerId: offer.id } });
  await recordAudit(tx, { actor: null, action: 'waiting_list.offer_restore', entity: 'unit', entityId: target, after: { offerId: offer.id } });
  return true;
}

/** Someone who booked through their offer leaves the list. */
export async function leaveWaitingList(db: Db, entryId: string): Promise<void> {
  await db.waitingListEntry.deleteMany({ where: { id: entryId } });
}
