// The waiting list's offers of a freed unit (docs/product-rules.md#waiting-list): who is offered a unit and in which
// order, the 24-hour hold and its expiry on both sides of its millisecond, and the offer link's claim and page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { offerToken } from '@/lib/waiting-list/tokens';
import { runTasks } from '@/lib/jobs/tasks';
import { WAITING_LIST_OFFER } from '@/lib/waiting-list/offer-task';
import { claimOffer, expireOffers as expireOffersOnly, leaveWaitingList, offerFreedUnit, readOffer, restoreOffer } from './waiting-list-offers';
import { OFFER_HOLD_MS } from '@/lib/waiting-list/offer-hold';
import { asFixture } from '@/lib/db/status-writes';

let db: Db;
let close: () => Promise<void>;
let tmp: string;
let xl: string;
let l: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-wl-offers-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
  xl = (await db.unitType.findUniqueOrThrow({ where: { code: 'xl' } })).id;
  l = (await db.unitType.findUniqueOrThrow({ where: { code: 'l' } })).id;
});
// Each test's list starts empty (offers go with their entries), so an older test's entries are never offered a unit.
afterEach(async () => {
  await db.waitingListEntry.deleteMany({});
  await db.emailSuppression.deleteMany({});
  await db.emailMessage.deleteMany({ where: { template: 'waiting_list_offer' } });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const NOW = new Date('2026-12-01T03:00:00.000Z');
const EXPIRES = new Date('2026-12-02T03:00:00.000Z');
const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);

/** The expiry job's run, then the worker's pass over the offer tasks its commits wrote (a moment later on a server). */
async function expireOffers(database: Db, now: Date) {
  const r = await expireOffersOnly(database, now);
  await runTasks(database, { types: [WAITING_LIST_OFFER.type] });
  return r;
}

let units = 0;
const freeUnit = (unitTypeId = xl) => db.unit.create({ data: { number: `WLO-${++units}`, unitTypeId } });
const unitOf = (id: string) => db.unit.findUniqueOrThrow({ where: { id } });
const offersOf = (unitId: string) => db.waitingListOffer.findMany({ where: { unitId }, orderBy: { createdAt: 'asc' } });
const offerMails = (to: string) => db.emailMessage.findMany({ where: { template: 'waiting_list_offer', toAddress: to } });
const audits = (entityId: string, action: string) => db.auditLog.findMany({ where: { entityId, action }, orderBy: { createdAt: 'asc' } });

async function entry(name: string, createdAt: string, o: { confirmed?: boolean; unitTypeId?: string; id?: string } = {}) {
  return db.waitingListEntry.create({
    data: {
      id: o.id,
      unitTypeId: o.unitTypeId ?? xl,
      name,
      email: `${name.toLowerCase()}@example.com`,
      createdAt: new Date(createdAt),
      confirmedAt: o.confirmed === false ? null : new Date(new Date(createdAt).getTime() + 60_000),
    },
  });
}

/** A unit offered to `name` (the only one waiting) at NOW. */
async function offered(name = 'Holder') {
  const unit = await freeUnit();
  const e = await entry(name, '2026-11-01T00:00:00Z');
  const r = await offerFreedUnit(db, unit.id, NOW);
  if (!r) throw new Error('nothing offered');
  return { unitId: unit.id, entry: e, offerId: r.offerId };
}

/** A booking's id that no unit holds, for a unit staff give to a booking while it is held. */
async function spareBookingId() {
  const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  await db.unit.updateMany({ where: { currentBookingId: r.bookingId }, data: { currentBookingId: null } });
  return r.bookingId;
}

describe('offerFreedUnit', () => {
  it('goes to the longest-waiting confirmed entry of its type: the unit held 24 hours, the entry notified, audited, emailed once', async () => {
    const unit = await freeUnit();
    await entry('Unconfirmed', '2026-10-01T00:00:00Z', { confirmed: false });
    await entry('Othertype', '2026-10-02T00:00:00Z', { unitTypeId: l });
    const first = await entry('First', '2026-11-01T00:00:00Z');
    const second = await entry('Second', '2026-11-02T00:00:00Z');

    const r = await offerFreedUnit(db, unit.id, NOW);
    const [offer] = await offersOf(unit.id);
    expect(r).toEqual({ offerId: offer.id });
    expect(OFFER_HOLD_MS).toBe(86_400_000);
    expect(offer).toMatchObject({ entryId: first.id, status: 'offered', expiresAt: EXPIRES, createdAt: NOW, respondedAt: null });
    expect(await db.waitingListOffer.count()).toBe(1);
    expect(await unitOf(unit.id)).toMatchObject({ status: 'reserved', currentBookingId: null });
    expect(await audits(unit.id, 'unit.hold')).toEqual([
      expect.objectContaining({ actorId: null, entity: 'unit', data: { before: { status: 'available' }, after: { status: 'reserved', offerId: offer.id }, note: 'held for the waiting list' } }),
    ]);
    expect(await audits(unit.id, 'waiting_list.offer')).toEqual([
      expect.objectContaining({ actorId: null, entity: 'unit', data: { before: null, after: { offerId: offer.id, entryId: first.id, expiresAt: '2026-12-02T03:00:00.000Z' }, note: null } }),
    ]);
    expect((await db.waitingListEntry.findUniqueOrThrow({ where: { id: first.id } })).notifiedAt).toEqual(NOW);
    expect((await db.waitingListEntry.findUniqueOrThrow({ where: { id: second.id } })).notifiedAt).toBeNull();
    const mails = await offerMails('first@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].html).toContain(`/checkout?unit=xl&amp;term=m2m&amp;offer=${offer.id}&amp;offerToken=`);
    for (const other of ['second', 'unconfirmed', 'othertype']) expect(await offerMails(`${other}@example.com`)).toHaveLength(0);
  });

  it('orders by sign-up time first, then by id when two signed up at the same moment', async () => {
    // 'wlo-z' joined first: its later-sorting id does not put it behind the other two.
    await entry('Zed', '2026-11-01T00:00:00Z', { id: 'wlo-z' });
    await entry('Bee', '2026-11-05T00:00:00Z', { id: 'wlo-b' });
    await entry('Ann', '2026-11-05T00:00:00Z', { id: 'wlo-a' });
    const u1 = await freeUnit();
    const u2 = await freeUnit();
    await offerFreedUnit(db, u1.id, NOW);
    await offerFreedUnit(db, u2.id, NOW);
    expect((await offersOf(u1.id)).map((o) => o.entryId)).toEqual(['wlo-z']);
    expect((await offersOf(u2.id)).map((o) => o.entryId)).toEqual(['wlo-a']);
    expect(await offerMails('bee@example.com')).toHaveLength(0);
  });

  it('passes over an email on the suppression list (unsubscribed or bounced)', async () => {
    await entry('Bounced', '2026-10-01T00:00:00Z');
    const kept = await entry('Kept', '2026-11-01T00:00:00Z');
    await db.emailSuppression.create({ data: { email: 'bounced@example.com' } });
    const unit = await freeUnit();
    await offerFreedUnit(db, unit.id, NOW);
    expect((await offersOf(unit.id)).map((o) => o.entryId)).toEqual([kept.id]);
    expect(await offerMails('bounced@example.com')).toHaveLength(0);
  });

  it('passes over someone holding a live offer of another unit, not someone whose offer ran out or was taken up', async () => {
    const busy = await entry('Busy', '2026-10-01T00:00:00Z');
    const next = await entry('Next', '2026-11-01T00:00:00Z');
    const other = await freeUnit();
    await db.waitingListOffer.create({ data: { entryId: busy.id, unitId: other.id, expiresAt: ms(NOW, 1), createdAt: ms(NOW, -OFFER_HOLD_MS) } });
    const u1 = await freeUnit();
    await offerFreedUnit(db, u1.id, NOW);
    expect((await offersOf(u1.id)).map((o) => o.entryId)).toEqual([next.id]);

    // At its expiresAt the other offer no longer counts, even before the expiry job has marked it.
    await db.waitingListOffer.updateMany({ where: { unitId: other.id }, data: { expiresAt: NOW } });
    const u2 = await freeUnit();
    await offerFreedUnit(db, u2.id, NOW);
    expect((await offersOf(u2.id)).map((o) => o.entryId)).toEqual([busy.id]);

    // An offer taken up, however long it would have run, does not count either.
    const taker = await entry('Taker', '2026-09-01T00:00:00Z');
    const third = await freeUnit();
    await db.waitingListOffer.create({ data: { entryId: taker.id, unitId: third.id, status: 'accepted', expiresAt: ms(NOW, OFFER_HOLD_MS), createdAt: NOW, respondedAt: NOW } });
    const u3 = await freeUnit();
    await offerFreedUnit(db, u3.id, NOW);
    expect((await offersOf(u3.id)).map((o) => o.entryId)).toEqual([taker.id]);
  });

  it('never offers the same unit twice to one entry: after everyone let it go it stays on sale', async () => {
    const unit = await freeUnit();
    const a = await entry('Aa', '2026-10-01T00:00:00Z');
    const b = await entry('Bb', '2026-11-01T00:00:00Z');
    await offerFreedUnit(db, unit.id, NOW);
    expect(await expireOffers(db, EXPIRES)).toEqual({ expired: 1 });
    expect(await expireOffers(db, ms(EXPIRES, OFFER_HOLD_MS))).toEqual({ expired: 1 });
    expect((await offersOf(unit.id)).map((o) => [o.entryId, o.status])).toEqual([
      [a.id, 'expired'],
      [b.id, 'expired'],
    ]);
    expect(await unitOf(unit.id)).toMatchObject({ status: 'available', currentBookingId: null });
    expect(await offerFreedUnit(db, unit.id, ms(EXPIRES, 2 * OFFER_HOLD_MS))).toBeNull();
    expect(await offersOf(unit.id)).toHaveLength(2);
    expect(await offerMails('aa@example.com')).toHaveLength(1);
    expect((await unitOf(unit.id)).status).toBe('available');
  });

  it('nobody waiting (or only for another type): nothing offered, the unit stays available', async () => {
    await entry('Elsewhere', '2026-10-01T00:00:00Z', { unitTypeId: l });
    const unit = await freeUnit();
    expect(await offerFreedUnit(db, unit.id, NOW)).toBeNull();
    expect(await unitOf(unit.id)).toMatchObject({ status: 'available', currentBookingId: null });
    expect(await offersOf(unit.id)).toHaveLength(0);
    expect(await db.auditLog.count({ where: { entityId: unit.id } })).toBe(0);
  });

  it('a unit that is not free (in maintenance, already held) is not offered', async () => {
    const waiting = await entry('Waiting', '2026-10-01T00:00:00Z');
    for (const status of ['maintenance', 'reserved'] as const) {
      const unit = await db.unit.create({ data: { number: `WLO-${++units}`, unitTypeId: xl, status } });
      expect(await offerFreedUnit(db, unit.id, NOW)).toBeNull();
      expect((await unitOf(unit.id)).status).toBe(status);
    }
    expect(await db.waitingListOffer.count()).toBe(0);
    expect((await db.waitingListEntry.findUniqueOrThrow({ where: { id: waiting.id } })).notifiedAt).toBeNull();
    expect(await offerMails('waiting@example.com')).toHaveLength(0);
  });
});

describe('expireOffers', () => {
  it('not the millisecond before its 24 hours end; at their end the hold goes to the next in line, once', async () => {
    const unit = await freeUnit();
    const first = await entry('First', '2026-10-01T00:00:00Z');
    const second = await entry('Second', '2026-11-01T00:00:00Z');
    const { offerId } = (await offerFreedUnit(db, unit.id, NOW))!;

    expect(await expireOffers(db, ms(EXPIRES, -1))).toEqual({ expired: 0 });
    expect((await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId } })).status).toBe('offered');
    expect(await offersOf(unit.id)).toHaveLength(1);

    expect(await expireOffers(db, EXPIRES)).toEqual({ expired: 1 });
    const [gone, next] = await offersOf(unit.id);
    expect(gone).toMatchObject({ id: offerId, entryId: first.id, status: 'expired', respondedAt: null });
    expect(next).toMatchObject({ entryId: second.id, status: 'offered', createdAt: EXPIRES, expiresAt: new Date('2026-12-03T03:00:00.000Z') });
    expect(await audits(unit.id, 'waiting_list.offer_expire')).toEqual([expect.objectContaining({ actorId: null, entity: 'unit', data: { before: null, after: { offerId }, note: null } })]);
    expect(await audits(unit.id, 'unit.release')).toEqual([
      expect.objectContaining({ data: { before: { status: 'reserved' }, after: { status: 'available' }, note: 'offer expired' } }),
    ]);
    // Held again, for the next person.
    expect(await unitOf(unit.id)).toMatchObject({ status: 'reserved', currentBookingId: null });
    expect(await audits(unit.id, 'unit.hold')).toHaveLength(2);
    expect(await offerMails('second@example.com')).toHaveLength(1);
    expect((await db.waitingListEntry.findUniqueOrThrow({ where: { id: second.id } })).notifiedAt).toEqual(EXPIRES);

    expect(await expireOffers(db, EXPIRES)).toEqual({ expired: 0 });
    expect(await offersOf(unit.id)).toHaveLength(2);
    expect(await audits(unit.id, 'waiting_list.offer_expire')).toHaveLength(1);
    expect(await offerMails('second@example.com')).toHaveLength(1);

    // After the second's 24 hours nobody is left: back on sale.
    expect(await expireOffers(db, ms(EXPIRES, OFFER_HOLD_MS + 1))).toEqual({ expired: 1 });
    expect(await unitOf(unit.id)).toMatchObject({ status: 'available', currentBookingId: null });
    expect(await expireOffers(db, ms(EXPIRES, OFFER_HOLD_MS + 1))).toEqual({ expired: 0 });
  });

  it('counts every offer it expires, and leaves an accepted one alone', async () => {
    const a = await freeUnit();
    const b = await freeUnit();
    await entry('Aa', '2026-10-01T00:00:00Z');
    await entry('Bb', '2026-10-02T00:00:00Z');
    await offerFreedUnit(db, a.id, NOW);
    await offerFreedUnit(db, b.id, NOW);
    const answered = await entry('Cc', '2026-10-03T00:00:00Z');
    const c = await db.unit.create({ data: { number: `WLO-${++units}`, unitTypeId: xl, status: 'reserved' } });
    await db.waitingListOffer.create({ data: { entryId: answered.id, unitId: c.id, status: 'accepted', expiresAt: NOW, createdAt: NOW, respondedAt: NOW } });

    expect(await expireOffers(db, EXPIRES)).toEqual({ expired: 2 });
    expect((await offersOf(c.id)).map((o) => o.status)).toEqual(['accepted']);
    expect((await unitOf(c.id)).status).toBe('reserved');
  });

  it('a unit given to a booking meanwhile is not released nor offered on', async () => {
    const { unitId, offerId } = await offered();
    await entry('Next', '2026-11-02T00:00:00Z');
    const bookingId = await spareBookingId();
    await db.unit.update({ where: { id: unitId }, data: { currentBookingId: bookingId } });

    expect(await expireOffers(db, EXPIRES)).toEqual({ expired: 1 });
    expect((await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId } })).status).toBe('expired');
    expect(await unitOf(unitId)).toMatchObject({ status: 'reserved', currentBookingId: bookingId });
    expect(await audits(unitId, 'unit.release')).toHaveLength(0);
    expect(await audits(unitId, 'waiting_list.offer_expire')).toHaveLength(1);
    expect(await offersOf(unitId)).toHaveLength(1);
    expect(await offerMails('next@example.com')).toHaveLength(0);
  });

  it('a unit staff put into maintenance meanwhile stays there', async () => {
    const { unitId, offerId } = await offered();
    await entry('Next', '2026-11-02T00:00:00Z');
    await asFixture(() => db.unit.update({ where: { id: unitId }, data: { status: 'maintenance' } }));

    expect(await expireOffers(db, EXPIRES)).toEqual({ expired: 1 });
    expect((await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId } })).status).toBe('expired');
    expect((await unitOf(unitId)).status).toBe('maintenance');
    expect(await offersOf(unitId)).toHaveLength(1);
  });

  it('two runs at once (two servers) expire an offer once', async () => {
    const { unitId } = await offered();
    await entry('Next', '2026-11-02T00:00:00Z');
    const [x, y] = await Promise.all([expireOffers(db, EXPIRES), expireOffers(db, EXPIRES)]);
    expect(x.expired + y.expired).toBe(1);
    expect(await audits(unitId, 'waiting_list.offer_expire')).toHaveLength(1);
    expect((await offersOf(unitId)).map((o) => o.status)).toEqual(['expired', 'offered']);
    expect(await offerMails('next@example.com')).toHaveLength(1);
  });
});

describe('claimOffer', () => {
  it('a wrong or missing link changes nothing', async () => {
    const { unitId, offerId } = await offered();
    const other = await offered('Other');
    for (const token of [null, undefined, '', offerToken(other.offerId), `${offerToken(offerId)}x`]) expect(await claimOffer(db, offerId, token, NOW)).toBeNull();
    expect(await claimOffer(db, 'wlo-missing', offerToken('wlo-missing'), NOW)).toBeNull();
    expect(await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId } })).toMatchObject({ status: 'offered', respondedAt: null });
    expect((await unitOf(unitId)).status).toBe('reserved');
  });

  it('a live offer: accepted, the hold lifted for the booking, the email trimmed; not a second time', async () => {
    const { unitId, offerId, entry: e } = await offered();
    await entry('Next', '2026-11-02T00:00:00Z');
    // The database keeps list emails lower-case (waiting_list_email_lower); stray spaces are trimmed for the booking.
    await db.waitingListEntry.update({ where: { id: e.id }, data: { email: '  holder.spaced@example.com ' } });
    const at = ms(EXPIRES, -1);

    expect(await claimOffer(db, offerId, offerToken(offerId), at)).toEqual({ unitTypeCode: 'xl', entryId: e.id, email: 'holder.spaced@example.com' });
    expect(await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId } })).toMatchObject({ status: 'accepted', respondedAt: at });
    expect(await unitOf(unitId)).toMatchObject({ status: 'available', currentBookingId: null });
    expect(await audits(unitId, 'unit.release')).toEqual([
      expect.objectContaining({ data: { before: { status: 'reserved' }, after: { status: 'available' }, note: 'offer taken up: the booking takes the unit' } }),
    ]);
    expect(await claimOffer(db, offerId, offerToken(offerId), at)).toBeNull();
    // Accepted: the expiry job leaves it alone and nobody else is offered the unit.
    expect(await expireOffers(db, EXPIRES)).toEqual({ expired: 0 });
    expect(await offersOf(unitId)).toHaveLength(1);
  });

  it('not at its expiresAt nor after, nor once accepted or expired', async () => {
    const { unitId, offerId } = await offered();
    expect(await claimOffer(db, offerId, offerToken(offerId), EXPIRES)).toBeNull();
    expect(await claimOffer(db, offerId, offerToken(offerId), ms(EXPIRES, 1))).toBeNull();
    expect(await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId } })).toMatchObject({ status: 'offered', respondedAt: null });
    expect((await unitOf(unitId)).status).toBe('reserved');
    for (const status of ['accepted', 'expired'] as const) {
      await db.waitingListOffer.update({ where: { id: offerId }, data: { status } });
      expect(await claimOffer(db, offerId, offerToken(offerId), NOW)).toBeNull();
      expect((await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId } })).status).toBe(status);
    }
    expect((await unitOf(unitId)).status).toBe('reserved');
  });

  it('a unit given to a booking meanwhile stays with it', async () => {
    const { unitId, offerId } = await offered();
    const bookingId = await spareBookingId();
    await db.unit.update({ where: { id: unitId }, data: { currentBookingId: bookingId } });
    expect(await claimOffer(db, offerId, offerToken(offerId), NOW)).toMatchObject({ unitTypeCode: 'xl' });
    expect(await unitOf(unitId)).toMatchObject({ status: 'reserved', currentBookingId: bookingId });
  });
});

describe('readOffer', () => {
  it('a live offer with its link: what the checkout shows (the unit, its type, the person), changing nothing', async () => {
    const { unitId, offerId, entry: e } = await offered();
    const before = await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId } });
    const audited = await db.auditLog.count();
    const unit = await unitOf(unitId);

    const shown = await readOffer(db, offerId, offerToken(offerId), ms(EXPIRES, -1));
    expect(shown).toMatchObject({
      id: offerId,
      status: 'offered',
      expiresAt: EXPIRES,
      entryId: e.id,
      unitId,
      unit: { id: unitId, number: unit.number, status: 'reserved', unitType: { code: 'xl' } },
      entry: { id: e.id, name: 'Holder', email: 'holder@example.com' },
    });
    expect(await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId } })).toEqual(before);
    expect(await unitOf(unitId)).toEqual(unit);
    expect(await db.auditLog.count()).toBe(audited);
  });

  it('nothing for a wrong or missing link, an unknown offer, at or after its expiresAt, or once accepted or expired', async () => {
    const { offerId } = await offered();
    const other = await offered('Other');
    for (const token of [null, undefined, '', offerToken(other.offerId)]) expect(await readOffer(db, offerId, token, NOW)).toBeNull();
    expect(await readOffer(db, 'wlo-missing', offerToken('wlo-missing'), NOW)).toBeNull();
    expect(await readOffer(db, offerId, offerToken(offerId), EXPIRES)).toBeNull();
    expect(await readOffer(db, offerId, offerToken(offerId), ms(EXPIRES, 1))).toBeNull();
    for (const status of ['accepted', 'expired'] as const) {
      await db.waitingListOffer.update({ where: { id: offerId }, data: { status } });
      expect(await readOffer(db, offerId, offerToken(offerId), NOW)).toBeNull();
    }
  });
});

describe('leaveWaitingList', () => {
  it('removes that entry (and its offers), no other', async () => {
    const { offerId, entry: leaving } = await offered();
    const stays = await entry('Stays', '2026-11-02T00:00:00Z');
    await leaveWaitingList(db, leaving.id);
    expect((await db.waitingListEntry.findMany({ select: { id: true } })).map((x) => x.id)).toEqual([stays.id]);
    expect(await db.waitingListOffer.findUnique({ where: { id: offerId } })).toBeNull();
    await leaveWaitingList(db, leaving.id);
    expect(await db.waitingListEntry.count()).toBe(1);
  });
});

describe('offers an attacker cannot multiply (issue 38, finding 3)', () => {
  const listed = (name: string, o: { unitTypeId?: string; clientKey?: string | null; email?: string; createdAt?: string } = {}) =>
    db.waitingListEntry.create({
      data: { unitTypeId: o.unitTypeId ?? xl, name, email: o.email ?? `${name.toLowerCase()}@example.com`, clientKey: o.clientKey ?? null, createdAt: new Date(o.createdAt ?? '2026-11-01T00:00:00Z'), confirmedAt: new Date('2026-11-01T01:00:00Z') },
    });

  it('one live offer per person and per network: the same email on another type and another address of the same network are passed over', async () => {
    const first = await listed('First', { clientKey: 'net-1', createdAt: '2026-10-01T00:00:00Z' });
    const u1 = await freeUnit();
    await offerFreedUnit(db, u1.id, NOW);
    expect((await offersOf(u1.id)).map((o) => o.entryId)).toEqual([first.id]);
    // The same person waiting for another type, and somebody else confirmed from the same network, come first in line.
    await listed('Again', { unitTypeId: l, email: 'first@example.com', createdAt: '2026-10-02T00:00:00Z' });
    await listed('Sibling', { unitTypeId: l, clientKey: 'net-1', createdAt: '2026-10-03T00:00:00Z' });
    const stranger = await listed('Stranger', { unitTypeId: l, clientKey: 'net-2', createdAt: '2026-10-04T00:00:00Z' });
    const u2 = await freeUnit(l);
    await offerFreedUnit(db, u2.id, NOW);
    expect((await offersOf(u2.id)).map((o) => o.entryId)).toEqual([stranger.id]);
  });

  it('an offer that lapses unused never goes to another entry of the same party', async () => {
    const a1 = await listed('Bot1', { clientKey: 'net-9', createdAt: '2026-10-01T00:00:00Z' });
    await listed('Bot2', { clientKey: 'net-9', createdAt: '2026-10-02T00:00:00Z' });
    await listed('Bot3', { email: 'bot1@example.com', unitTypeId: xl, clientKey: 'net-8', createdAt: '2026-10-02T12:00:00Z' }).catch(() => null);
    const real = await listed('Real', { clientKey: 'net-10', createdAt: '2026-10-03T00:00:00Z' });
    const unit = await freeUnit();
    await offerFreedUnit(db, unit.id, NOW);
    expect((await offersOf(unit.id)).map((o) => o.entryId)).toEqual([a1.id]);
    expect(await expireOffers(db, EXPIRES)).toEqual({ expired: 1 });
    expect((await offersOf(unit.id)).map((o) => o.entryId)).toEqual([a1.id, real.id]);
  });

  it('a checkout that fails keeps the offer: live again, its unit held again, still ending when it would have', async () => {
    const { unitId, offerId } = await offered();
    await entry('Next', '2026-11-02T00:00:00Z');
    const at = ms(NOW, 60_000);
    expect(await claimOffer(db, offerId, offerToken(offerId), at)).not.toBeNull();
    expect(await restoreOffer(db, { offerId }, null, at)).toBe(true);
    expect(await db.waitingListOffer.findUniqueOrThrow({ where: { id: offerId } })).toMatchObject({ status: 'offered', expiresAt: EXPIRES });
    expect(await unitOf(unitId)).toMatchObject({ status: 'reserved', currentBookingId: null });
    expect(await offersOf(unitId)).toHaveLength(1);
    // Its 24 hours end as before: then the unit goes to the next in line.
    expect(await expireOffers(db, EXPIRES)).toEqual({ expired: 1 });
    expect(await offersOf(unitId)).toHaveLength(2);
  });
});
