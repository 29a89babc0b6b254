import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { releaseExpiredHolds } from '@/lib/billing/holds';
import { portalBookingId } from '@/lib/portal/access';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { releaseHold, revokeLinks } from '@/lib/admin/booking-actions';
import { uploadPortalProof } from '@/lib/portal/booking-changes';
import { storePendingProof } from '@/lib/payments/proof-store';
import { completeDraft, example2, TEST_NOW, uniqueContact } from '@/test/fixtures/booking-drafts';
import { createBooking, type CreateBookingOptions } from './create-booking';
import { confirmHold, holdConfirmationToken, verifyHoldConfirmationToken } from './hold-confirmation';
import { portalToken, verifyPortalToken } from './portal-token';
import { loadDraftForReminder, saveDraftForReminder, sendDraftReminders } from './drafts';
import { PNG_1PX } from '@/test/fixtures/files';

// Each test here reproduces a finding of the security review (docs/product-rules.md#holds) and failed on the code
// before the hold policy.

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(() => {
  ({ db, close } = openTestDb());
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
const free = (code: string) => db.unit.count({ where: { unitType: { code }, status: 'available', currentBookingId: null } });
const booked = async (draft: ReturnType<typeof completeDraft>, o: Partial<CreateBookingOptions> = {}) => {
  const r = await createBooking(db, draft, opts(o));
  if (!r.ok) throw new Error(`booking refused: ${JSON.stringify(r)}`);
  return r;
};

describe('unpaid holds cannot lock up units (finding 1)', () => {
  it('two anonymous unpaid bookings can no longer sell out a type: the last free unit needs a payment', async () => {
    expect(await free('l')).toBe(2);
    await booked(example2({ promoCode: null }));
    const second = await createBooking(db, example2({ promoCode: null }), opts());
    expect(second).toMatchObject({ ok: false, error: 'last_unit', message: 'Only one unit of this type is left. To reserve it, please pay by card or PromptPay, or call us.' });
    expect(await free('l')).toBe(1);
  });

  it('an unconfirmed hold lasts 30 minutes; the emailed link makes it 24 hours (transfer), 48 hours once a slip is uploaded', async () => {
    // On the real clock: the portal upload dates the slip now.
    const now = new Date();
    const r = await booked(completeDraft({ unitTypeCode: 'm', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer', startDate: todayInBangkok(now) }), { now });
    const hold = async () => (await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).holdExpiresAt!.getTime();
    expect(await hold()).toBe(now.getTime() + 30 * MIN);
    // The link is signed for this booking only.
    expect(verifyHoldConfirmationToken(r.reference, holdConfirmationToken(r.reference))).toBe(true);
    expect(verifyHoldConfirmationToken(r.reference, holdConfirmationToken('BF2-00000000'))).toBe(false);
    const confirmedAt = new Date(now.getTime() + 1000);
    expect(await confirmHold(db, r.reference, confirmedAt)).toEqual({ status: 'confirmed', holdExpiresAt: new Date(confirmedAt.getTime() + 24 * HOUR) });
    // Pressing again changes nothing.
    expect(await confirmHold(db, r.reference, new Date(confirmedAt.getTime() + HOUR))).toEqual({ status: 'confirmed', holdExpiresAt: new Date(confirmedAt.getTime() + 24 * HOUR) });
    const png = new Uint8Array(PNG_1PX);
    await uploadPortalProof(db, r.bookingId, png, 'slip.png');
    expect(await hold()).toBeGreaterThanOrEqual(Date.now() + 47 * HOUR);
  });

  it('a hold nobody confirms lapses after 30 minutes, its unit and its promo use come back', async () => {
    await db.promoCode.create({ data: { code: 'TWICE', validFrom: new Date('2025-01-01'), maxUses: 2, discountType: 'fixed', discountValue: 10_000, description: { en: 'Twice' } } });
    const before = await free('m');
    const r = await booked(cash({ promoCode: 'TWICE' }));
    expect((await db.promoCode.findUniqueOrThrow({ where: { code: 'TWICE' } })).currentUses).toBe(1);
    expect((await releaseExpiredHolds(db, new Date(TEST_NOW.getTime() + 29 * MIN))).released).toBe(0);
    await releaseExpiredHolds(db, new Date(TEST_NOW.getTime() + 31 * MIN));
    expect((await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).status).toBe('expired');
    expect(await free('m')).toBe(before);
    expect((await db.promoCode.findUniqueOrThrow({ where: { code: 'TWICE' } })).currentUses).toBe(0);
    expect(await confirmHold(db, r.reference, new Date(TEST_NOW.getTime() + 40 * MIN))).toEqual({ status: 'not_held' });
  });

  it('one unpaid hold per email and per phone: another device is refused, the same device replaces its own hold', async () => {
    const who = uniqueContact();
    const contact = { ...completeDraft().contact, ...who };
    const first = await booked(cash({ contact }), { requester: { deviceKey: 'device-a' } });
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

  it('holds cannot be renewed as they lapse: three unpaid holds a day per email', async () => {
    const contact = { ...completeDraft().contact, ...uniqueContact() };
    for (let i = 0; i < 3; i++) {
      const at = new Date(TEST_NOW.getTime() + i * HOUR);
      await booked(cash({ contact }), { now: at });
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
    await db.booking.update({ where: { id: paid.bookingId }, data: { paymentStatus: 'paid' } });
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
});

describe('one proof, one payment (finding 5)', () => {
  it('an uploaded slip attached to one booking cannot be attached to another', async () => {
    const stored = await storePendingProof(db, new Uint8Array(PNG_1PX), 'slip.png');
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

  it('booking emails to one address are capped, and a greeting never carries more than 40 characters of a name', async () => {
    const email = uniqueContact().email;
    const long = 'Aaaaaaaaaa Bbbbbbbbbb Cccccccccc Dddddddddd Eeeeeeeeee';
    // Seven unpaid bookings for one address, spread so the hold limits allow each (three a day).
    for (let i = 0; i < 7; i++) {
      const at = new Date(TEST_NOW.getTime() + i * 9 * HOUR);
      await booked(cash({ contact: { ...completeDraft().contact, email, phone: uniqueContact().phone, firstName: long } }), { sendEmails: true, now: at });
      await releaseExpiredHolds(db, new Date(at.getTime() + 31 * MIN));
    }
    const mails = await db.emailMessage.findMany({ where: { template: 'booking_confirmation', toAddress: email } });
    expect(mails).toHaveLength(5);
    expect(mails[0].text).toContain('Aaaaaaaaaa Bbbbbbbbbb Cccccccccc Dddddd…');
    expect(mails[0].text).not.toContain(long);
  });

  it('a name carrying a web address is refused with a clear message', async () => {
    const r = await createBooking(db, cash({ contact: { ...completeDraft().contact, firstName: 'Win a prize at http://evil.example' } }), opts());
    expect(r).toMatchObject({ ok: false, error: 'validation', missing: ['Please enter a name without web addresses or angle brackets'] });
  });
});
