import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { releaseExpiredHolds } from '@/lib/billing/holds';
import { portalBookingId } from '@/lib/portal/access';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { releaseHold, revokeLinks } from '@/lib/rentals/commands';
import { uploadPortalProof } from '@/lib/portal/booking-changes';
import { storePendingProof } from '@/lib/payments/proofs/proof-store';
import { completeDraft, example2, TEST_NOW, uniqueContact } from '@/test/fixtures/booking-drafts';
import { createBooking, type CreateBookingOptions } from './create-booking';
import { confirmHold, holdConfirmationToken, verifyHoldConfirmationToken } from './hold-confirmation';
import { portalToken, verifyPortalToken } from '@/lib/platform/link-signing';
import { loadDraftForReminder, saveDraftForReminder, sendDraftReminders } from './drafts';
import { PNG_1PX, uniqueSlip } from '@/test/fixtures/files';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { findProofsWithSameContent } from '@/lib/payments/proofs/proof-fingerprint';
import { startFakeStripe, type FakeStripe } from '@/test/fakes/stripe-server';
import { requesterFor } from './requester';
import { getBookingForSuccessPage, successToken } from './success';
import { asFixture } from '@/lib/db/status-writes';
import { runTasks } from '@/lib/jobs/tasks';

// Each test here reproduces a finding of the security review (docs/product-rules.md#holds) and failed on the code
// before the hold policy.

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-holds-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const MIN = 60_000;
const HOUR = 60 * MIN;
const opts = (o: Partial<CreateBookingOptions> = {}): CreateBookingOptions => ({ locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false, ...o });
const cash = (o: Parameters<typeof completeDraft>[0] = {}) => completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival', ...o });
const transfer = (o: Parameters<typeof completeDraft>[0] = {}) => completeDraft({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer', ...o });
const free = (code: string) => db.unit.count({ where: { unitType: { code }, status: 'available', currentBookingId: null } });
const booked = async (draft: ReturnType<typeof completeDraft>, o: Partial<CreateBookingOptions> = {}) => {
  const r = await createBooking(db, draft, opts(o));
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  return r;
};

describe('unpaid holds cannot lock up units (finding 1)', () => {
  it('two anonymous unpaid bookings can no longer sell out a type: the last free unit waits for a payment', async () => {
    expect(await free('l')).toBe(2);
    await booked(example2({ promoCode: null }));
    // Accepted, but without a unit: the first payment to arrive takes the last one (lib/booking/unit-on-payment.ts).
    const second = await booked(example2({ promoCode: null }));
    expect((await db.booking.findUniqueOrThrow({ where: { id: second.bookingId } })).unitId).toBeNull();
    expect(await free('l')).toBe(1);
   }, 120_000);

  it('an offline hold lasts 48 hours from the booking: confirming the address or uploading a slip never changes it', async () => {
    // On the real clock: the portal upload dates the slip now.
    const now = new Date();
    const r = await booked(completeDraft({ unitTypeCode: 'm', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer', startDate: todayInBangkok(now) }), { now });
    const hold = async () => (await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).holdExpiresAt!.getTime();
    expect(await hold()).toBe(now.getTime() + 48 * HOUR);
    // The link is signed for this booking only.
    expect(verifyHoldConfirmationToken(r.reference, holdConfirmationToken(r.reference))).toBe(true);
    expect(verifyHoldConfirmationToken(r.reference, holdConfirmationToken('BF2-00000000'))).toBe(false);
    const confirmedAt = new Date(now.getTime() + 1000);
    expect(await confirmHold(db, r.reference, confirmedAt)).toEqual({ status: 'confirmed', holdExpiresAt: new Date(now.getTime() + 48 * HOUR) });
    expect((await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).holdConfirmedAt).toEqual(confirmedAt);
    // Pressing again changes nothing.
    expect(await confirmHold(db, r.reference, new Date(confirmedAt.getTime() + HOUR))).toEqual({ status: 'confirmed', holdExpiresAt: new Date(now.getTime() + 48 * HOUR) });
    await uploadPortalProof(db, r.bookingId, await uniqueSlip(), 'slip.png');
    expect(await hold()).toBe(now.getTime() + 48 * HOUR);
  });

  it('a transfer hold nobody pays lapses after 48 hours (not 30 minutes), its unit and its promo use come back', async () => {
    await db.promoCode.create({ data: { code: 'TWICE', validFrom: new Date('2025-01-01'), maxUses: 2, discountType: 'fixed', discountValue: 10_000, description: { en: 'Twice' } } });
    const before = await free('m');
    const r = await booked(transfer({ promoCode: 'TWICE' }));
    expect((await db.promoCode.findUniqueOrThrow({ where: { code: 'TWICE' } })).currentUses).toBe(1);
    expect((await releaseExpiredHolds(db, new Date(TEST_NOW.getTime() + 31 * MIN))).released).toBe(0);
    expect((await releaseExpiredHolds(db, new Date(TEST_NOW.getTime() + 47 * HOUR))).released).toBe(0);
    await releaseExpiredHolds(db, new Date(TEST_NOW.getTime() + 48 * HOUR + MIN));
    expect((await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).status).toBe('expired');
    expect(await free('m')).toBe(before);
    expect((await db.promoCode.findUniqueOrThrow({ where: { code: 'TWICE' } })).currentUses).toBe(0);
    expect(await confirmHold(db, r.reference, new Date(TEST_NOW.getTime() + 49 * HOUR))).toEqual({ status: 'not_held' });
  });

  it('one confirmed unpaid hold per email and per phone: another device is refused, the same device replaces its own hold', async () => {
    const who = uniqueContact();
    const contact = { ...completeDraft().contact, ...who };
    const first = await booked(cash({ contact }), { requester: { deviceKey: 'device-a' } });
    await confirmHold(db, first.reference, new Date(TEST_NOW.getTime() + MIN));
    const elsewhere = await createBooking(db, cash({ contact }), opts({ requester: { deviceKey: 'device-b' } }));
    expect(elsewhere).toMatchObject({ ok: false, error: 'open_hold', message: expect.stringContaining('You already have a reservation waiting for payment') });
    // The same phone typed differently is the same person.
    const samePhone = await createBooking(db, cash({ contact: { ...contact, email: uniqueContact().email, phone: `0${who.phone.replace(/\D/g, '').slice(-9)}` } }), opts({ requester: { deviceKey: 'device-c' } }));
    expect(samePhone).toMatchObject({ ok: false, error: 'open_hold' });
    // Changing their mind on the same device: the earlier hold makes way.
    const again = await booked(cash({ contact, unitTypeCode: 's' }), { requester: { deviceKey: 'device-a' } });
    expect((await db.booking.findUniqueOrThrow({ where: { id: first.bookingId } })).status).toBe('cancelled');
    expect((await db.booking.findUniqueOrThrow({ where: { id: again.bookingId } })).status).toBe('reserved');
  });

  it("changing one's mind on the same device gives the new booking the unit the earlier hold let go, even the type's last sellable one", async () => {
    // A type of its own with two units: one to sell and the reserve an unpaid hold never takes (lib/holds/rules.ts).
    const { id: _id, createdAt: _c, updatedAt: _u, code: _code, ...fields } = await db.unitType.findUniqueOrThrow({ where: { code: 's' } });
    void [_id, _c, _u, _code];
    const type = await db.unitType.create({ data: { ...(fields as Omit<Prisma.UnitTypeUncheckedCreateInput, 'code'>), code: 'mind', name: { en: 'Mind', th: 'Mind', ru: 'Mind' } } });
    await db.unit.createMany({ data: [{ number: 'MIND-1', unitTypeId: type.id }, { number: 'MIND-2', unitTypeId: type.id }] });
    const contact = { ...completeDraft().contact, ...uniqueContact() };
    const first = await booked(cash({ contact, unitTypeCode: 'mind' }), { requester: { deviceKey: 'device-mind' } });
    const held = (await db.booking.findUniqueOrThrow({ where: { id: first.bookingId } })).unitId;
    expect(held).not.toBeNull();
    // Transfer instead of cash, the same unit size: the earlier hold makes way and its unit goes to the new booking.
    const again = await booked(transfer({ contact, unitTypeCode: 'mind' }), { requester: { deviceKey: 'device-mind' } });
    expect((await db.booking.findUniqueOrThrow({ where: { id: first.bookingId } })).status).toBe('cancelled');
    expect((await db.booking.findUniqueOrThrow({ where: { id: again.bookingId } })).unitId).toBe(held);
    expect(await free('mind')).toBe(1);
  });

  it('holds cannot be renewed as they lapse: three confirmed unpaid holds a day per email', async () => {
    const contact = { ...completeDraft().contact, ...uniqueContact() };
    for (let i = 0; i < 3; i++) {
      const at = new Date(TEST_NOW.getTime() + i * HOUR);
      const r = await booked(transfer({ contact }), { now: at });
      await confirmHold(db, r.reference, new Date(at.getTime() + MIN));
      await db.booking.update({ where: { id: r.bookingId }, data: { holdExpiresAt: new Date(at.getTime() + 30 * MIN) } });
      await releaseExpiredHolds(db, new Date(at.getTime() + 31 * MIN));
    }
    const fourth = await createBooking(db, cash({ contact }), opts({ now: new Date(TEST_NOW.getTime() + 3 * HOUR) }));
    expect(fourth).toMatchObject({ ok: false, error: 'daily_limit' });
    // A day later the allowance is back.
    expect((await createBooking(db, cash({ contact }), opts({ now: new Date(TEST_NOW.getTime() + 25 * HOUR) }))).ok).toBe(true);
  });

  it('staff release an unpaid hold at once, with a reason in the audit log; a paid booking cannot be released', async () => {
    const r = await booked(cash());
    const before = await free('m');
    const staff = await db.user.findFirstOrThrow({ where: { role: 'admin' } });
    await releaseHold(db, { bookingId: r.bookingId, reason: 'customer called to cancel' }, { id: staff.id, email: staff.email });
    expect(await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
    expect(await free('m')).toBe(before + 1);
    const audit = await db.auditLog.findFirstOrThrow({ where: { entityId: r.bookingId, action: 'booking.hold_release' } });
    expect(audit.actorId).toBe(staff.id);
    expect(JSON.stringify(audit.data)).toContain('customer called to cancel');
    const paid = await booked(cash());
    await asFixture(() => db.booking.update({ where: { id: paid.bookingId }, data: { paymentStatus: 'paid' } }));
    await expect(releaseHold(db, { bookingId: paid.bookingId, reason: 'try' }, { id: staff.id, email: staff.email })).rejects.toThrow('not_allowed');
  });

  it('three open unpaid holds per network address and two per device', async () => {
    const address = 'address-key-1';
    for (let i = 0; i < 3; i++) await booked(cash(), { requester: { clientKey: address } });
    expect(await createBooking(db, cash(), opts({ requester: { clientKey: address } }))).toMatchObject({ ok: false, error: 'open_hold' });
    const device = 'device-key-1';
    for (let i = 0; i < 2; i++) await booked(cash(), { requester: { deviceKey: device } });
    expect(await createBooking(db, cash(), opts({ requester: { deviceKey: device } }))).toMatchObject({ ok: false, error: 'open_hold' });
  });

  it("ten unpaid holds a day per network, released ones too; a hold its own device replaces gives up its place among the network's three", async () => {
    const staff = await db.user.findFirstOrThrow({ where: { role: 'admin' } });
    const network = 'address-key-daily';
    for (let i = 0; i < 10; i++) {
      const r = await booked(cash({ contact: { ...completeDraft().contact, ...uniqueContact() } }), { now: new Date(TEST_NOW.getTime() + i * MIN), requester: { clientKey: network } });
      await releaseHold(db, { bookingId: r.bookingId, reason: 'lapsed' }, { id: staff.id, email: staff.email });
    }
    const eleventh = () => createBooking(db, cash({ contact: { ...completeDraft().contact, ...uniqueContact() } }), opts({ now: new Date(TEST_NOW.getTime() + HOUR), requester: { clientKey: network } }));
    expect(await eleventh()).toMatchObject({ ok: false, error: 'daily_limit' });

    const shared = 'address-key-hotel';
    for (let i = 0; i < 2; i++) await booked(cash({ contact: { ...completeDraft().contact, ...uniqueContact() } }), { requester: { clientKey: shared } });
    const contact = { ...completeDraft().contact, ...uniqueContact() };
    const mine = await booked(cash({ contact }), { requester: { clientKey: shared, deviceKey: 'device-hotel' } });
    // Three open on the network: a stranger there is refused, the same guest changing their mind is not.
    expect(await createBooking(db, cash({ contact: { ...completeDraft().contact, ...uniqueContact() } }), opts({ requester: { clientKey: shared } }))).toMatchObject({ ok: false, error: 'open_hold' });
    await booked(transfer({ contact }), { requester: { clientKey: shared, deviceKey: 'device-hotel' } });
    expect((await db.booking.findUniqueOrThrow({ where: { id: mine.bookingId } })).status).toBe('cancelled');
  });
});

describe('one proof, one payment (finding 5)', () => {
  it('an uploaded slip attached to one booking cannot be attached to another', async () => {
    const stored = await storePendingProof(db, await uniqueSlip(), 'slip.png');
    if (!stored.ok) throw new Error('upload refused');
    const slip = { proofUploadId: stored.proof.id, paymentStatus: 'proof_uploaded' as const };
    await booked(completeDraft({ unitTypeCode: 'm', paymentMethod: 'bank_transfer', ...slip }));
    const second = await createBooking(db, completeDraft({ unitTypeCode: 'm', paymentMethod: 'bank_transfer', ...slip }), opts());
    expect(second).toMatchObject({ ok: false, error: 'validation' });
    expect(await db.paymentProof.count({ where: { storagePath: stored.proof.storagePath } })).toBe(1);
  });
});

describe('customer identity (finding 2)', () => {
  it('a booking with a known email, in any case, never changes what an earlier booking says', async () => {
    const who = uniqueContact();
    const original = await booked(cash({ contact: { ...completeDraft().contact, ...who, firstName: 'Real', lastName: 'Customer', address: '1 True Road' } }));
    await releaseExpiredHolds(db, new Date(TEST_NOW.getTime() + 31 * MIN));
    const attacker = await booked(cash({ contact: { ...completeDraft().contact, email: who.email.toUpperCase(), phone: uniqueContact().phone, firstName: 'Evil', lastName: 'Attacker', address: 'Nowhere' } }), {
      now: new Date(TEST_NOW.getTime() + HOUR),
    });
    const a = await db.booking.findUniqueOrThrow({ where: { id: original.bookingId }, include: { customer: true } });
    const b = await db.booking.findUniqueOrThrow({ where: { id: attacker.bookingId }, include: { customer: true } });
    expect(a.customer).toMatchObject({ firstName: 'Real', lastName: 'Customer', address: '1 True Road', phone: who.phone });
    expect(b.customer).toMatchObject({ firstName: 'Evil', address: 'Nowhere' });
    expect(b.customerId).not.toBe(a.customerId);
  });
});

describe('server-owned facts (finding 6)', () => {
  it('the signature is dated by the server and its address and browser are kept; the browser clock is ignored', async () => {
    const old = await booked(cash({ agreement: { scrolled: true, agreed: true, signature: 'Anna Test', signedAt: '2001-01-01T00:00:00.000Z', documentId: null } }), {
      requester: { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (test)' },
    });
    const b = await db.booking.findUniqueOrThrow({ where: { id: old.bookingId } });
    expect(b.agreementSignedAt).toEqual(TEST_NOW);
    expect(b).toMatchObject({ agreementSignedIp: '203.0.113.7', agreementSignedUa: 'Mozilla/5.0 (test)' });
    const garbage = await createBooking(db, cash({ agreement: { scrolled: true, agreed: true, signature: 'Anna Test', signedAt: 'not a date', documentId: null } }), opts());
    expect(garbage.ok).toBe(true);
  });
});

describe('links in emails (finding 10)', () => {
  it('a portal link expires after 90 days and stops working once staff revoke the booking links', async () => {
    const r = await booked(cash());
    const fresh = portalToken(r.reference);
    expect(await portalBookingId(db, r.reference, fresh)).toBe(r.bookingId);
    expect(verifyPortalToken(r.reference, portalToken(r.reference, new Date(Date.now() - 91 * 24 * HOUR)))).toBe(false);
    expect(verifyPortalToken(r.reference, portalToken(r.reference, new Date(Date.now() - 89 * 24 * HOUR)))).toBe(true);
    const staff = await db.user.findFirstOrThrow({ where: { role: 'admin' } });
    await revokeLinks(db, { bookingId: r.bookingId, reason: 'email forwarded' }, { id: staff.id, email: staff.email }, new Date(Date.now() + 1000));
    const { linksRevokedAt } = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    expect(verifyPortalToken(r.reference, fresh, { revokedAt: linksRevokedAt })).toBe(false);
    expect(await db.auditLog.count({ where: { entityId: r.bookingId, action: 'booking.links_revoke' } })).toBe(1);
    // A link signed after the revocation (the next email) works.
    expect(verifyPortalToken(r.reference, portalToken(r.reference, new Date(Date.now() + 3000)), { revokedAt: linksRevokedAt })).toBe(true);
    // The format of the links before this change (no signing time) opens nothing.
    expect(verifyPortalToken(r.reference, fresh.split('.')[1])).toBe(false);
  });
});

describe('emails only to people who asked (finding 4)', () => {
  it('the server chooses the draft token: a token the client made up is ignored, and an address gets one reminder a day', async () => {
    const email = uniqueContact().email;
    const mine = completeDraft({ contact: { ...completeDraft().contact, email }, draftToken: 'attacker-chosen-token-0123456789' });
    const { token } = await saveDraftForReminder(db, mine, 'en');
    expect(token).not.toBe('attacker-chosen-token-0123456789');
    expect(await loadDraftForReminder(db, 'attacker-chosen-token-0123456789')).toBeNull();
    // Five more drafts typed with the same address: still one reminder to it.
    for (let i = 0; i < 5; i++) await saveDraftForReminder(db, completeDraft({ contact: { ...completeDraft().contact, email } }), 'en');
    await sendDraftReminders(db, new Date(Date.now() + 2 * HOUR));
    expect(await db.emailMessage.count({ where: { template: 'draft_reminder', toAddress: email } })).toBe(1);
  });

  it('an address nobody proved gets 2 booking emails a day per requesting network, and a greeting never carries more than 40 characters of a name', async () => {
    const email = uniqueContact().email;
    const long = 'Aaaaaaaaaa Bbbbbbbbbb Cccccccccc Dddddddddd Eeeeeeeeee';
    // Seven unpaid bookings for one address from one network, spread so the hold limits allow each.
    for (let i = 0; i < 7; i++) {
      const at = new Date(TEST_NOW.getTime() + i * 9 * HOUR);
      await booked(cash({ contact: { ...completeDraft().contact, email, phone: uniqueContact().phone, firstName: long } }), { sendEmails: true, now: at, requester: { clientKey: 'one-network', deviceKey: `mailer-${i}` } });
    }
    // The confirmations are tasks written with the bookings: the task worker composes them (and drops those over budget).
    await runTasks(db, { types: ['email.deliver'] });
    const mails = await db.emailMessage.findMany({ where: { template: 'booking_confirmation', toAddress: email } });
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain('Aaaaaaaaaa Bbbbbbbbbb Cccccccccc Dddddd…');
    expect(mails[0].text).not.toContain(long);
  });

  it('an address that proved itself (a confirmed waiting-list place) gets every booking email, past the unproven budget', async () => {
    const email = uniqueContact('proven').email;
    const unitType = await db.unitType.findFirstOrThrow({ where: { code: 's' } });
    await db.waitingListEntry.create({ data: { unitTypeId: unitType.id, name: 'Proven Person', email, confirmedAt: TEST_NOW } });
    for (let i = 0; i < 3; i++) {
      const at = new Date(TEST_NOW.getTime() + i * 9 * HOUR);
      await booked(cash({ contact: { ...completeDraft().contact, email, phone: uniqueContact().phone } }), { sendEmails: true, now: at, requester: { clientKey: 'proven-network', deviceKey: `proven-${i}` } });
    }
    await runTasks(db, { types: ['email.deliver'] });
    // Unproven, this network would have had 2 (the test above).
    expect(await db.emailMessage.count({ where: { template: 'booking_confirmation', toAddress: email } })).toBe(3);
  });

  it("strangers' unpaid bookings with a victim's address never keep the victim's own booking from its confirmation (issue 38, finding 7)", async () => {
    const victim = { ...completeDraft().contact, ...uniqueContact('victim7') };
    // Five bookings with the victim's address from five networks: the old 5-a-day budget, used up.
    for (let i = 0; i < 5; i++) {
      await booked(cash({ contact: { ...victim, phone: uniqueContact().phone } }), { sendEmails: true, requester: { clientKey: `stranger7-net-${i}`, deviceKey: `stranger7-${i}` } });
    }
    await runTasks(db, { types: ['email.deliver'] });
    const mine = await booked(transfer({ contact: victim, unitTypeCode: 's' }), { sendEmails: true, requester: { clientKey: 'victim7-net', deviceKey: 'victim7-phone' } });
    await runTasks(db, { types: ['email.deliver'] });
    expect(await db.emailMessage.count({ where: { template: 'booking_confirmation', bookingId: mine.bookingId } })).toBe(1);
    // From everywhere, an unproven address receives at most 10 a day.
    for (let i = 5; i < 12; i++) {
      await booked(cash({ contact: { ...victim, phone: uniqueContact().phone } }), { sendEmails: true, requester: { clientKey: `stranger7-net-${i}`, deviceKey: `stranger7-${i}` } });
    }
    await runTasks(db, { types: ['email.deliver'] });
    expect(await db.emailMessage.count({ where: { template: 'booking_confirmation', toAddress: victim.email } })).toBe(10);
   }, 180_000);

  it('a name carrying a web address is refused with a clear message', async () => {
    const r = await createBooking(db, cash({ contact: { ...completeDraft().contact, firstName: 'Win a prize at http://evil.example' } }), opts());
    expect(r).toMatchObject({ ok: false, error: 'validation', missing: ['Please enter a name without web addresses or angle brackets'] });
  });
});

// ---- Security, third pass (docs/product-rules.md#holds): each test failed on the code before it. ----

describe('a visitor cannot deny a specific person a booking (third pass, finding 3)', () => {
  let fakeStripe: FakeStripe;
  beforeAll(async () => {
    fakeStripe = await startFakeStripe({ webhookUrl: 'http://127.0.0.1:9/', webhookSecret: 'whsec_hold_policy' });
  });
  afterAll(() => fakeStripe.close());

  it("three strangers' bookings with the victim's email and phone use up nothing of the victim's: cash and card both go through", async () => {
    const victim = { ...completeDraft().contact, ...uniqueContact('victim') };
    for (let i = 0; i < 3; i++) {
      // Each from its own device and network, as an attacker would.
      const r = await createBooking(db, cash({ contact: victim, unitTypeCode: 's' }), opts({ requester: { deviceKey: `stranger-${i}`, clientKey: `stranger-net-${i}` } }));
      expect(r.ok, JSON.stringify(r)).toBe(true);
    }
    const mine = await createBooking(db, cash({ contact: victim, unitTypeCode: 's' }), opts({ requester: { deviceKey: 'victim-phone', clientKey: 'victim-net' } }));
    expect(mine).toMatchObject({ ok: true });
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', webhookSecret: undefined, apiBase: fakeStripe.url })!;
    const card = await createBooking(db, completeDraft({ contact: victim, unitTypeCode: 's' }), opts({ stripe, requester: { deviceKey: 'victim-laptop', clientKey: 'victim-net-2' } }));
    expect(card).toMatchObject({ ok: true, redirectUrl: expect.stringContaining('/c/pay/') });
  });

  it("a confirmed hold of an email never refuses its owner's card payment for another unit", async () => {
    const victim = { ...completeDraft().contact, ...uniqueContact('payer') };
    const held = await booked(cash({ contact: victim, unitTypeCode: 's' }), { requester: { deviceKey: 'payer-phone' } });
    await confirmHold(db, held.reference, new Date(TEST_NOW.getTime() + MIN));
    const stripe = createStripeClient({ secretKey: 'sk_test_fake', webhookSecret: undefined, apiBase: fakeStripe.url })!;
    // Paying by card for a second unit is never refused by the email or phone limits.
    expect(await createBooking(db, completeDraft({ contact: victim, unitTypeCode: 's' }), opts({ stripe, requester: { deviceKey: 'payer-laptop' } }))).toMatchObject({ ok: true });
  });
});

describe('hold limits per network and a fixed maximum hold (third pass, finding 2)', () => {
  it('an IPv6 /64 is one network: four addresses of one home hold three units, not four', async () => {
    const home = ['2001:db8:77:1::1', '2001:db8:77:1::2', '2001:db8:77:1:abcd::3', '2001:db8:77:1:ffff:ffff:ffff:4'];
    const results = [];
    for (const [i, address] of home.entries()) {
      results.push(await createBooking(db, cash({ unitTypeCode: 's' }), opts({ requester: requesterFor({ address, userAgent: 'test', deviceKey: `v6-device-${i}` }) })));
    }
    expect(results.slice(0, 3).map((r) => r.ok)).toEqual([true, true, true]);
    expect(results[3]).toMatchObject({ ok: false, error: 'open_hold' });
    // The next /64 is another network; IPv4 counts per address.
    expect((await createBooking(db, cash({ unitTypeCode: 's' }), opts({ requester: requesterFor({ address: '2001:db8:77:2::1', userAgent: 'test', deviceKey: 'v6-device-9' }) }))).ok).toBe(true);
    expect(requesterFor({ address: '::ffff:203.0.113.7', userAgent: null, deviceKey: null }).clientKey).toBe(requesterFor({ address: '203.0.113.7', userAgent: null, deviceKey: null }).clientKey);
    expect(requesterFor({ address: '203.0.113.8', userAgent: null, deviceKey: null }).clientKey).not.toBe(requesterFor({ address: '203.0.113.7', userAgent: null, deviceKey: null }).clientKey);
  });

  it("re-uploading slips never moves a hold's end (the booking waits for staff at its end instead)", async () => {
    const start = new Date(Date.now() - 40 * HOUR);
    const r = await booked(completeDraft({ unitTypeCode: 'm', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer', startDate: todayInBangkok(new Date()) }), { now: start });
    await confirmHold(db, r.reference, new Date(start.getTime() + MIN));
    for (let i = 0; i < 3; i++) await uploadPortalProof(db, r.bookingId, await uniqueSlip(), `slip-${i}.png`);
    const { holdExpiresAt } = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    expect(holdExpiresAt!.getTime()).toBe(start.getTime() + 48 * HOUR);
  });

  it('the same slip again on the same booking is not stored twice and does not extend the hold', async () => {
    const r = await booked(completeDraft({ unitTypeCode: 'm', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer', startDate: todayInBangkok(new Date()) }), { now: new Date() });
    await confirmHold(db, r.reference, new Date());
    const slip = await uniqueSlip();
    await uploadPortalProof(db, r.bookingId, slip, 'slip.png');
    const first = (await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).holdExpiresAt!.getTime();
    // Once the clock has moved on, a second hold extension would show as a later expiry.
    const uploadedAt = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(uploadedAt + 5));
    await uploadPortalProof(db, r.bookingId, slip, 'slip-again.png');
    expect((await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).holdExpiresAt!.getTime()).toBe(first);
    expect(await db.paymentProof.count({ where: { bookingId: r.bookingId } })).toBe(1);
  });
});

describe('slip fingerprints (third pass, finding 7)', () => {
  const transfer = (contact: ReturnType<typeof completeDraft>['contact']) =>
    completeDraft({ contact, unitTypeCode: 'm', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer', startDate: todayInBangkok(new Date()) });

  it("one file on another customer's booking is refused; on the same customer's it is accepted and staff are warned", async () => {
    const anna = { ...completeDraft().contact, ...uniqueContact('anna') };
    const boris = { ...completeDraft().contact, ...uniqueContact('boris') };
    const slip = await uniqueSlip();
    const a1 = await booked(transfer(anna), { now: new Date(), requester: { deviceKey: 'anna-1' } });
    await uploadPortalProof(db, a1.bookingId, slip, 'slip.png');
    // Another customer, through the portal and through the wizard.
    const b1 = await booked(transfer(boris), { now: new Date(), requester: { deviceKey: 'boris-1' } });
    await expect(uploadPortalProof(db, b1.bookingId, slip, 'slip.png')).rejects.toMatchObject({ code: 'proof_used' });
    const stored = await storePendingProof(db, slip, 'slip.png');
    if (!stored.ok) throw new Error('upload refused');
    const wizard = await createBooking(db, completeDraft({ contact: { ...boris, email: uniqueContact().email }, unitTypeCode: 'm', paymentMethod: 'bank_transfer', paymentStatus: 'proof_uploaded', proofUploadId: stored.proof.id }), opts({ requester: { deviceKey: 'boris-2' } }));
    expect(wizard).toMatchObject({ ok: false, error: 'validation', message: "This payment slip was already sent for another customer's booking. Please upload the slip of your own payment." });
    // The same customer (her email, in any case) paying a second unit with one transfer: accepted, and flagged.
    const a2 = await booked(transfer({ ...anna, email: anna.email.toUpperCase(), phone: uniqueContact().phone }), { now: new Date(), requester: { deviceKey: 'anna-2' } });
    await uploadPortalProof(db, a2.bookingId, slip, 'slip.png');
    const proof = await db.paymentProof.findFirstOrThrow({ where: { bookingId: a2.bookingId } });
    const same = await findProofsWithSameContent(db, proof.id);
    expect(same).toEqual([expect.objectContaining({ bookingId: a1.bookingId, reference: a1.reference, sameCustomer: true })]);
    const unique = await db.paymentProof.findFirstOrThrow({ where: { bookingId: { notIn: [a1.bookingId, a2.bookingId] } } });
    expect(await findProofsWithSameContent(db, unique.id)).toEqual([]);
  });
});

describe('links that act as passwords (third pass, finding 4)', () => {
  it('the success page needs its signed token; revoking the booking links or 90 days close it', async () => {
    const r = await booked(cash());
    const token = new URL(r.redirectUrl, 'http://x').searchParams.get('token');
    expect(await getBookingForSuccessPage(db, r.bookingId, r.reference, 'en', null)).toBeNull();
    expect(await getBookingForSuccessPage(db, r.bookingId, r.reference, 'en', successToken('BF2-00000000'))).toBeNull();
    expect(await getBookingForSuccessPage(db, r.bookingId, r.reference, 'en', token)).toMatchObject({ reference: r.reference });
    expect(await getBookingForSuccessPage(db, r.bookingId, r.reference, 'en', successToken(r.reference, new Date(Date.now() - 91 * 24 * HOUR)))).toBeNull();
    const staff = await db.user.findFirstOrThrow({ where: { role: 'admin' } });
    await revokeLinks(db, { bookingId: r.bookingId, reason: 'address forwarded' }, { id: staff.id, email: staff.email }, new Date(Date.now() + 1000));
    expect(await getBookingForSuccessPage(db, r.bookingId, r.reference, 'en', token)).toBeNull();
  });

  it("replaying a booking's idempotency key answers only the device that made the booking", async () => {
    const draft = cash();
    const first = await booked(draft, { requester: { deviceKey: 'maker-device' } });
    const replay = await createBooking(db, draft, opts({ requester: { deviceKey: 'other-device' } }));
    expect(replay).toMatchObject({ ok: false, message: 'This booking was already submitted from another device. Please check your email for its confirmation.' });
    expect(JSON.stringify(replay)).not.toContain(first.reference);
    expect(JSON.stringify(replay)).not.toContain(first.bookingId);
    expect(await createBooking(db, draft, opts({ requester: { deviceKey: 'maker-device' } }))).toMatchObject({ ok: true, bookingId: first.bookingId });
  });
});
