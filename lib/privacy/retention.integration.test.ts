import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW, uniqueContact } from '@/test/fixtures/booking-drafts';
import { PNG_1PX, uniqueSlip } from '@/test/fixtures/files';
import { cancelBooking, endRental, moveIn, verifyPayment } from '@/lib/rentals/commands';
import { uploadIdentityDocuments, verifyIdentity } from '@/lib/identity/documents';
import { addConditionPhoto } from '@/lib/condition/photos';
import { runJobNow } from '@/lib/jobs/runner';
import { JOBS } from '@/lib/jobs';
import { RETENTION, retentionEnds, type RetentionKind } from '@/lib/retention/table';
import { anonymisedEmail } from './anonymise';

/**
 * The retention table enforced by the scheduled jobs, on a simulated calendar (docs/product-rules.md#personal-data-pdpa):
 * for each kind, the job run the day before its period ends keeps it and the run the day after removes or anonymises
 * it; tax invoices and payments stay; a customer whose rental is still running is never touched.
 */
const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-'));
const actor = { id: 'staff-1', email: 'staff@example.test' };
const DAY = 86_400_000;
const T0 = TEST_NOW;
const CANCELLED = new Date(T0.getTime() + 3 * DAY);
const ENDED = new Date('2027-01-10T05:00:00.000Z');

beforeAll(() => setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp, GATE_PIN_KEY: Buffer.alloc(32, 7).toString('base64'), GATE_API_URL: undefined }));
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function book(over: Parameters<typeof completeDraft>[0], email: string) {
  const base = completeDraft(over);
  const r = await createBooking(db, { ...base, contact: { ...base.contact, ...uniqueContact(), email } }, { locale: 'en', now: T0, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking failed: ${r.error}`);
  return r.bookingId;
}

/** The retention job as the scheduler runs it, as of a day of the simulated calendar. */
async function runRetention(asOf: Date) {
  const outcome = await runJobNow(db, 'retention', { asOf, trigger: 'manual' });
  expect(outcome).toMatchObject({ ran: true, status: 'succeeded' });
}
const dayBefore = (kind: RetentionKind, anchor: Date) => new Date(retentionEnds(kind, anchor).getTime() - DAY);
const dayAfter = (kind: RetentionKind, anchor: Date) => new Date(retentionEnds(kind, anchor).getTime() + DAY);

describe('the retention table on a simulated calendar', () => {
  let rental = '';
  let rentalCustomer = '';
  let unconverted = '';
  let live = '';
  let liveBefore: unknown;

  it('every row is enforced by a job that exists (or by the facility recorder)', () => {
    for (const r of RETENTION) expect(r.enforcedBy === 'cctv_recorder' || Object.hasOwn(JOBS, r.enforcedBy), r.kind).toBe(true);
    // The periods the notice has always promised.
    expect(retentionEnds('identity_files', ENDED)).toEqual(new Date(ENDED.getTime() + 90 * DAY));
    expect(retentionEnds('rental_records', ENDED)).toEqual(new Date('2032-01-10T05:00:00.000Z'));
    expect(retentionEnds('chats', T0)).toEqual(new Date('2027-11-22T05:00:00.000Z'));
  });

  it('sets up a rental that ends, a booking cancelled before move-in, a live rental, and the data around them', async () => {
    // A rental: paid by transfer, identity verified (PIN issued), moved in, photographed, LINE linked, then ended.
    rental = await book({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }, 'rental@example.com');
    await verifyPayment(db, { bookingId: rental }, actor, T0);
    await uploadIdentityDocuments(db, rental, { kind: 'thai_id', document: { bytes: await uniqueSlip(), name: 'id.png' }, selfie: { bytes: await uniqueSlip(), name: 'me.png' } });
    await verifyIdentity(db, rental, actor, T0);
    const b = await db.booking.findUniqueOrThrow({ where: { id: rental } });
    rentalCustomer = b.customerId;
    expect(b.gatePinCipher).not.toBeNull();
    await moveIn(db, { bookingId: rental, unitId: b.unitId!, reason: 'test: no identity document in this retention scenario' }, actor, T0);
    await addConditionPhoto(db, rental, { stage: 'move_in', bytes: PNG_1PX, note: 'clean' }, { staff: actor });
    await db.bookingNote.create({ data: { bookingId: rental, text: 'Customer said her brother may collect', authorEmail: actor.email } });
    await db.lineLink.create({ data: { email: 'rental@example.com', lineUserId: 'U-rental' } });
    await endRental(db, { bookingId: rental, feesSatang: 0, feesNote: '' }, actor, null, ENDED);
    expect(await db.invoice.count({ where: { bookingId: rental, status: 'paid' } })).toBeGreaterThan(0);

    // A hold paid in cash that never happened: cancelled the next day.
    unconverted = await book({ paymentMethod: 'cash', paymentStatus: 'pending_arrival' }, 'unconverted@example.com');
    await cancelBooking(db, { bookingId: unconverted, refundSatang: 0, reason: 'changed plans' }, actor, null, CANCELLED);

    // Another customer whose rental runs on: nothing of theirs may change.
    live = await book({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }, 'live@example.com');
    await verifyPayment(db, { bookingId: live }, actor, T0);
    await db.lineLink.create({ data: { email: 'live@example.com', lineUserId: 'U-live' } });
    liveBefore = await db.booking.findUniqueOrThrow({ where: { id: live }, include: { customer: true, invoices: true, payments: true, identityDocuments: true, notes: true } });

    // Data that is not a booking, each dated T0.
    await db.chatConversation.create({ data: { sessionId: 's-old', lastMessageAt: T0, messages: { create: { senderType: 'user', text: 'Is there a unit for my piano?' } } } });
    const unitType = await db.unitType.findFirstOrThrow();
    await db.waitingListEntry.create({ data: { unitTypeId: unitType.id, name: 'Wanda', email: 'wait@example.com', createdAt: T0 } });
    await db.bookingDraft.create({ data: { token: 'draft-old', email: 'draft@example.com', data: {}, updatedAt: T0 } });
    await db.emailMessage.create({ data: { dedupeKey: 'old-copy', template: 'x', locale: 'en', toAddress: 'someone@example.com', subject: 's', html: '<p>hi</p>', text: 'hi', status: 'sent', sentAt: T0 } });
    await db.verificationToken.create({ data: { identifier: 'someone@example.com', token: 'tok-old', expires: T0 } });
    // The sign-in request queued for the worker holds the address typed in: done at T0, and one still waiting.
    const request = { email: 'someone@example.com', locale: 'th', network: '203.0.113.0/24', requestedAt: T0.toISOString() };
    await db.task.create({ data: { type: 'portal.sign_in_link', payload: request, dedupeKey: 'retention:sign-in:done', status: 'succeeded', finishedAt: T0, createdAt: T0 } });
    await db.task.create({ data: { type: 'portal.sign_in_link', payload: request, dedupeKey: 'retention:sign-in:waiting', status: 'pending', createdAt: T0 } });
    await db.consentRecord.create({ data: { visitorId: 'v-old', purpose: 'analytics', granted: true, noticeVersion: 2, method: 'banner', locale: 'th', createdAt: T0 } });
    await db.auditLog.create({ data: { action: 'test.old', entity: 'test', createdAt: T0 } });
    // A request under the PDPA answered at T0 and one still open; a breach case closed at T0 and one still open.
    await db.privacyRequest.create({ data: { email: 'asked@example.com', kind: 'export', source: 'portal', status: 'completed', receivedAt: T0, dueAt: new Date(T0.getTime() + 30 * DAY), completedAt: T0, outcome: 'Sent' } });
    await db.privacyRequest.create({ data: { email: 'waiting@example.com', kind: 'erasure', source: 'portal', receivedAt: T0, dueAt: new Date(T0.getTime() + 30 * DAY) } });
    const breach = (closedAt: Date | null, description: string) =>
      db.privacyBreach.create({ data: { discoveredAt: T0, description, dataAffected: 'emails', peopleAffected: '3', recordedBy: actor.email, closedAt, steps: { create: [{ kind: 'recorded', text: '', by: actor.email, createdAt: T0 }] } } });
    await breach(T0, 'closed case');
    await breach(null, 'open case');
  });

  it('a one-time code goes a day after it expires, and the sign-in request that asked for it with it', async () => {
    const requests = async () => (await db.task.findMany({ where: { dedupeKey: { startsWith: 'retention:sign-in:' } }, orderBy: { dedupeKey: 'asc' } })).map((t) => t.dedupeKey);
    await runRetention(new Date(T0.getTime() + DAY - 60_000));
    expect(await db.verificationToken.count({ where: { token: 'tok-old' } })).toBe(1);
    expect(await requests()).toEqual(['retention:sign-in:done', 'retention:sign-in:waiting']);
    await runRetention(new Date(T0.getTime() + DAY + 60_000));
    expect(await db.verificationToken.count({ where: { token: 'tok-old' } })).toBe(0);
    // The one not yet run stays: the worker still needs it.
    expect(await requests()).toEqual(['retention:sign-in:waiting']);
  });

  it('an unfinished booking is deleted 30 days after its last change', async () => {
    await runRetention(dayBefore('drafts', T0));
    expect(await db.bookingDraft.count({ where: { token: 'draft-old' } })).toBe(1);
    await runRetention(dayAfter('drafts', T0));
    expect(await db.bookingDraft.count({ where: { token: 'draft-old' } })).toBe(0);
  });

  it('identity files go 90 days after the rental ends; the record of the check stays', async () => {
    await runRetention(dayBefore('identity_files', ENDED));
    expect(await db.identityDocument.count({ where: { bookingId: rental, storageKey: { not: null } } })).toBe(2);
    await runRetention(dayAfter('identity_files', ENDED));
    const docs = await db.identityDocument.findMany({ where: { bookingId: rental } });
    expect(docs.map((d) => [d.kind, d.storageKey, d.status]).sort()).toEqual([['selfie', null, 'verified'], ['thai_id', null, 'verified']]);
    expect(await db.storedFile.count({ where: { key: { startsWith: 'identity/' } } })).toBe(0);
  });

  it('12 months on: the chat, the waiting-list entry and the copy of the email are deleted', async () => {
    await runRetention(dayBefore('chats', T0));
    expect(await db.chatConversation.count({ where: { sessionId: 's-old' } })).toBe(1);
    expect(await db.waitingListEntry.count({ where: { email: 'wait@example.com' } })).toBe(1);
    expect(await db.emailMessage.count({ where: { dedupeKey: 'old-copy' } })).toBe(1);
    await runRetention(dayAfter('chats', T0));
    expect(await db.chatConversation.count({ where: { sessionId: 's-old' } })).toBe(0);
    expect(await db.chatMessage.count({ where: { text: 'Is there a unit for my piano?' } })).toBe(0);
    expect(await db.waitingListEntry.count({ where: { email: 'wait@example.com' } })).toBe(0);
    expect(await db.emailMessage.count({ where: { dedupeKey: 'old-copy' } })).toBe(0);
  });

  it('a booking cancelled before move-in with nothing paid is anonymised 12 months after; its voided invoice stays', async () => {
    const customerId = (await db.booking.findUniqueOrThrow({ where: { id: unconverted } })).customerId;
    await runRetention(dayBefore('unconverted_bookings', CANCELLED));
    expect(await db.customer.findUniqueOrThrow({ where: { id: customerId } })).toMatchObject({ email: 'unconverted@example.com', anonymisedAt: null });
    const invoicesBefore = await db.invoice.findMany({ where: { bookingId: unconverted }, select: { id: true, number: true, totalSatang: true } });
    await runRetention(dayAfter('unconverted_bookings', CANCELLED));
    const b = await db.booking.findUniqueOrThrow({ where: { id: unconverted }, include: { customer: true } });
    expect(b.anonymisedAt).not.toBeNull();
    expect(b).toMatchObject({ agreementSignature: '', agreementSignedIp: null, agreementText: '', totalDueToday: expect.any(Number) });
    expect(b.customer).toMatchObject({ firstName: 'Anonymised', lastName: '', email: anonymisedEmail(customerId), phone: '', address: '' });
    expect(await db.emailMessage.count({ where: { bookingId: unconverted } })).toBe(0);
    expect(await db.invoice.findMany({ where: { bookingId: unconverted }, select: { id: true, number: true, totalSatang: true } })).toEqual(invoicesBefore);
  });

  it('12 months after the rental ends: condition photos, gate records and the LINE link go; the rental itself stays', async () => {
    await runRetention(dayBefore('gate_records', ENDED));
    expect(await db.conditionPhoto.count({ where: { bookingId: rental } })).toBe(1);
    expect(await db.gateChange.count({ where: { bookingId: rental } })).toBeGreaterThan(0);
    expect(await db.lineLink.count({ where: { email: 'rental@example.com' } })).toBe(1);
    await runRetention(dayAfter('gate_records', ENDED));
    expect(await db.conditionPhoto.count({ where: { bookingId: rental } })).toBe(0);
    expect(await db.storedFile.count({ where: { key: { startsWith: 'condition/' } } })).toBe(0);
    expect(await db.gateChange.count({ where: { bookingId: rental } })).toBe(0);
    expect(await db.lineLink.count({ where: { email: 'rental@example.com' } })).toBe(0);
    // The live customer's LINE link stays; the rental and its tax invoices are untouched.
    expect(await db.lineLink.count({ where: { email: 'live@example.com' } })).toBe(1);
    expect(await db.customer.findUniqueOrThrow({ where: { id: rentalCustomer } })).toMatchObject({ email: 'rental@example.com' });
    expect((await db.invoice.findFirstOrThrow({ where: { bookingId: rental, status: 'paid' } })).buyer).not.toBeNull();
  });

  it('5 years after it was answered or closed: the request and the breach case go; open ones stay', async () => {
    const left = async () => ({
      requests: (await db.privacyRequest.findMany({ select: { email: true }, orderBy: { email: 'asc' } })).map((r) => r.email),
      breaches: (await db.privacyBreach.findMany({ select: { description: true }, orderBy: { description: 'asc' } })).map((b) => b.description),
    });
    await runRetention(dayBefore('privacy_requests', T0));
    expect(await left()).toEqual({ requests: ['asked@example.com', 'waiting@example.com'], breaches: ['closed case', 'open case'] });
    expect(retentionEnds('breach_records', T0)).toEqual(retentionEnds('privacy_requests', T0));
    await runRetention(dayAfter('privacy_requests', T0));
    expect(await left()).toEqual({ requests: ['waiting@example.com'], breaches: ['open case'] });
    expect(await db.privacyBreachStep.count()).toBe(1);
  });

  it('5 years after the rental ends it is anonymised: tax invoices, payments and amounts stay, the person goes', async () => {
    const paid = await db.invoice.findMany({ where: { bookingId: rental }, select: { id: true, number: true, totalSatang: true, vatSatang: true, status: true }, orderBy: { number: 'asc' } });
    const payments = await db.payment.findMany({ where: { bookingId: rental }, select: { id: true, amountSatang: true, status: true }, orderBy: { id: 'asc' } });
    await runRetention(dayBefore('rental_records', ENDED));
    expect(await db.customer.findUniqueOrThrow({ where: { id: rentalCustomer } })).toMatchObject({ email: 'rental@example.com', anonymisedAt: null });
    expect(await db.bookingNote.count({ where: { bookingId: rental } })).toBe(1);
    await runRetention(dayAfter('rental_records', ENDED));
    const b = await db.booking.findUniqueOrThrow({ where: { id: rental }, include: { customer: true } });
    expect(b.anonymisedAt).not.toBeNull();
    expect(b.customer).toMatchObject({ firstName: 'Anonymised', email: anonymisedEmail(rentalCustomer), phone: '', taxId: null });
    expect(await db.bookingNote.count({ where: { bookingId: rental } })).toBe(0);
    expect(await db.invoice.findMany({ where: { bookingId: rental }, select: { id: true, number: true, totalSatang: true, vatSatang: true, status: true }, orderBy: { number: 'asc' } })).toEqual(paid);
    expect(await db.payment.findMany({ where: { bookingId: rental }, select: { id: true, amountSatang: true, status: true }, orderBy: { id: 'asc' } })).toEqual(payments);
    expect((await db.invoice.findFirstOrThrow({ where: { bookingId: rental, status: 'paid' } })).buyer).toBeNull();
    // Consent records and audit rows of that age go too.
    expect(await db.consentRecord.count({ where: { visitorId: 'v-old' } })).toBe(0);
    expect(await db.auditLog.count({ where: { action: 'test.old' } })).toBe(0);
  });

  it('the customer whose rental runs on was never touched (only copies of emails sent over 12 months ago went)', async () => {
    expect(await db.booking.findUniqueOrThrow({ where: { id: live }, include: { customer: true, invoices: true, payments: true, identityDocuments: true, notes: true } })).toEqual(liveBefore);
  });
});
