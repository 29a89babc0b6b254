import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { portalToken } from '@/lib/platform/link-signing';
import { verifyPayment } from '@/lib/rentals/commands';

const cookie = vi.hoisted(() => ({ value: undefined as string | undefined }));
vi.mock('next/headers', () => ({ cookies: async () => ({ get: () => (cookie.value ? { value: cookie.value } : undefined) }) }));

const { portalBookingId } = await import('./access');
const { encodeCustomerSession, decodeCustomerSession } = await import('./session');
const { consumeSignInLink, requestSignInLink: ask, PORTAL_SIGN_IN_LINK } = await import('./sign-in-link');
const { runTasks } = await import('@/lib/jobs/tasks');
const { givePortalNotice, PortalChangeFailure, updatePortalContact } = await import('./booking-changes');

const { db, close } = await openTestDb();
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-'));
beforeAll(() => setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: outbox, UPLOAD_DIR: outbox }));
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

/** The task worker's pass that runs what the requests deferred (in the order they were made). */
const pass = () => runTasks(db, { types: [PORTAL_SIGN_IN_LINK.type] });
/** A request as the site answers it, then that pass. */
async function requestSignInLink(...args: Parameters<typeof ask>) {
  const answer = await ask(...args);
  await pass();
  return answer;
}

async function book(email: string) {
  const draft = completeDraft({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer', contact: { ...completeDraft().contact, email } });
  const r = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(r.error);
  return r;
}

describe('customer portal access', () => {
  it("opens a booking with its signed link or its owner's session, and nobody else's", async () => {
    const mine = await book('owner@example.com');
    const theirs = await book('other@example.com');
    cookie.value = undefined;
    expect(await portalBookingId(db, mine.reference, portalToken(mine.reference))).toBe(mine.bookingId);
    // A link signed for one booking does not open another.
    expect(await portalBookingId(db, theirs.reference, portalToken(mine.reference))).toBeNull();
    expect(await portalBookingId(db, mine.reference, undefined)).toBeNull();

    cookie.value = encodeCustomerSession('Owner@Example.com');
    expect(await portalBookingId(db, mine.reference, undefined)).toBe(mine.bookingId);
    expect(await portalBookingId(db, theirs.reference, undefined)).toBeNull();
    expect(await portalBookingId(db, 'BF2-00000000', undefined)).toBeNull();

    // A tampered or expired session is no session.
    cookie.value = encodeCustomerSession('owner@example.com').replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(await portalBookingId(db, mine.reference, undefined)).toBeNull();
    expect(decodeCustomerSession(encodeCustomerSession('owner@example.com', Date.now() - 8 * 86_400_000))).toBeNull();
  });

  it('sends a sign-in link only to an address with bookings; the link works once', async () => {
    await book('linked@example.com');
    const before = await db.emailMessage.count({ where: { template: 'portal_sign_in' } });
    expect(await requestSignInLink(db, 'stranger@example.com', 'en', '198.51.100.7')).toEqual({ ok: true });
    expect(await db.emailMessage.count({ where: { template: 'portal_sign_in' } })).toBe(before);

    expect(await requestSignInLink(db, 'Linked@Example.com', 'th', '198.51.100.7')).toEqual({ ok: true });
    const mail = await db.emailMessage.findFirstOrThrow({ where: { template: 'portal_sign_in', toAddress: 'linked@example.com' } });
    expect(mail.subject).toBe('ลิงก์เข้าสู่ระบบ My Storage ของคุณ');
    const token = /sign-in\?token=([\w-]+)/.exec(mail.html)![1];
    expect(mail.html).toContain('/th/my-booking/sign-in?token=');
    expect(await consumeSignInLink(db, token)).toBe('linked@example.com');
    expect(await consumeSignInLink(db, token)).toBeNull();
    // Only the hash is stored.
    expect(await db.verificationToken.count({ where: { token } })).toBe(0);
  });

  it('sends a known address at most 3 links a day per requesting network, answering every request alike (third pass, finding 6)', async () => {
    await book('flood@example.com');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask(db, 'flood@example.com', 'en', '198.51.100.20'));
    expect(answers).toEqual(Array(5).fill({ ok: true }));
    await pass();
    expect(await db.emailMessage.count({ where: { template: 'portal_sign_in', toAddress: 'flood@example.com' } })).toBe(3);
  });

  it("the owner of an address always gets a link, however many strangers asked for one, and strangers cannot flood it (fourth pass, finding 9)", async () => {
    await book('victim@example.com');
    const sent = () => db.emailMessage.count({ where: { template: 'portal_sign_in', toAddress: 'victim@example.com' } });
    // A stranger asks three times for the victim's address (the old daily allowance of the address).
    for (let i = 0; i < 3; i++) await ask(db, 'victim@example.com', 'en', '203.0.113.150');
    await pass();
    expect(await sent()).toBe(3);
    // The owner, from home, still gets a link of their own.
    expect(await requestSignInLink(db, 'victim@example.com', 'en', '198.51.100.150')).toEqual({ ok: true });
    expect(await sent()).toBe(4);
    const owners = await db.emailMessage.findFirstOrThrow({ where: { template: 'portal_sign_in', toAddress: 'victim@example.com' }, orderBy: { createdAt: 'desc' } });
    expect(await consumeSignInLink(db, /sign-in\?token=([\w-]+)/.exec(owners.html)![1])).toBe('victim@example.com');

    // Strangers from 30 networks (IPv6 /64s) mail the address 10 times a day in all; past that, only while no link
    // sent to it is still valid: at most one per link lifetime.
    const networks = Array.from({ length: 30 }, (_, i) => `2001:db8:99:${i}::7`);
    for (const n of networks) expect(await ask(db, 'victim@example.com', 'en', n)).toEqual({ ok: true });
    await pass();
    const afterFlood = await sent();
    expect(afterFlood).toBe(10);
    // 16 minutes later every link so far has lapsed: one more request sends one more link, the next ones none.
    const later = new Date(Date.now() + 16 * 60_000);
    for (const n of ['2001:db8:98:1::1', '2001:db8:98:2::1', '198.51.100.151']) await ask(db, 'victim@example.com', 'en', n, { now: later });
    await pass();
    expect(await sent()).toBe(afterFlood + 1);
    // The owner who asks now finds that link in the mailbox, valid.
    const latest = await db.verificationToken.findFirstOrThrow({ where: { identifier: 'customer:victim@example.com' }, orderBy: { expires: 'desc' } });
    expect(latest.expires.getTime()).toBeGreaterThan(later.getTime());
  });

  it('answers known and unknown addresses alike and before anything is looked up or sent (third pass, finding 6)', async () => {
    await book('known-one@example.com');
    const tasks = () => db.task.count({ where: { type: PORTAL_SIGN_IN_LINK.type, status: 'pending' } });
    expect(await tasks()).toBe(0);
    const known = await ask(db, 'known-one@example.com', 'en', '198.51.100.40');
    const unknown = await ask(db, 'nobody-here@example.com', 'en', '198.51.100.41');
    expect(known).toEqual(unknown);
    // Each answer wrote one task and nothing else: no token, no email for the known address yet.
    expect(await tasks()).toBe(2);
    expect(await db.emailMessage.count({ where: { toAddress: 'known-one@example.com', template: 'portal_sign_in' } })).toBe(0);
    expect(await db.verificationToken.count({ where: { identifier: 'customer:known-one@example.com' } })).toBe(0);
    expect(await pass()).toMatchObject({ claimed: 2, succeeded: 2 });
    expect(await db.emailMessage.count({ where: { toAddress: 'known-one@example.com', template: 'portal_sign_in' } })).toBe(1);
    expect(await db.emailMessage.count({ where: { toAddress: 'nobody-here@example.com' } })).toBe(0);
  });

  it('a notice needs a confirmed booking, is given once, and is confirmed by email with the move-out date', async () => {
    const b = await book('notice@example.com');
    await expect(givePortalNotice(db, b.bookingId)).rejects.toBeInstanceOf(PortalChangeFailure);
    await verifyPayment(db, { bookingId: b.bookingId }, { id: 'staff', email: 'staff@example.test' });
    const outcome = await givePortalNotice(db, b.bookingId, new Date('2026-11-26T03:00:00Z'));
    // Started 2026-11-25, 6 months prepaid: the first billing date is 2027-05-25, so the rental ends the day before.
    expect(outcome).toEqual({ billingDate: '2027-05-25', moveOutDate: '2027-05-24' });
    await expect(givePortalNotice(db, b.bookingId)).rejects.toBeInstanceOf(PortalChangeFailure);
    const mail = await db.emailMessage.findFirstOrThrow({ where: { bookingId: b.bookingId, template: 'booking_notice' } });
    expect(mail.text).toContain('Monday, 24 May 2027');
    const audit = await db.auditLog.findMany({ where: { entityId: b.bookingId, action: 'booking.giveNotice' } });
    expect(audit).toHaveLength(1);
  });

  it('a phone changed in the portal is stored grouped the Thai way, as the wizard stores it; a foreign one as typed (issue 37)', async () => {
    const b = await book('phone-change@example.com');
    const customer = () => db.booking.findUniqueOrThrow({ where: { id: b.bookingId }, include: { customer: true } }).then((x) => x.customer);
    await updatePortalContact(db, b.bookingId, { phone: '+66-81-346-1073', whatsapp: '0813461073', address: '1 Beach Road, Phuket' });
    expect(await customer()).toMatchObject({ phone: '+66 81 346 1073', whatsapp: '081 346 1073' });
    await updatePortalContact(db, b.bookingId, { phone: '+7 912 345 67 89', whatsapp: null, address: '1 Beach Road, Phuket' });
    expect(await customer()).toMatchObject({ phone: '+7 912 345 67 89', whatsapp: null });
  });
});
