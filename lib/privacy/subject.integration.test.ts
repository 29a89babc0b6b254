import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { LINE_PUSH, lineTasksOf } from '@/lib/line/outbox';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW, uniqueContact } from '@/test/fixtures/booking-drafts';
import { PNG_1PX, uniqueSlip } from '@/test/fixtures/files';
import { endRental, moveIn, verifyPayment } from '@/lib/rentals/commands';
import { uploadIdentityDocuments } from '@/lib/identity/documents';
import { addConditionPhoto } from '@/lib/condition/photos';
import { PRIVACY_VERSION } from '@/prisma/seed-data/legal';
import { carryOutCorrection, carryOutErasure, completePrivacyRequest, correctableRecord, createPrivacyRequest, eraseSubject, exportSubject, PRIVACY_REQUEST_DAYS, PrivacyRequestFailure } from './subject';

/**
 * A data subject's requests (docs/product-rules.md#personal-data-pdpa): the export holds every kind of data of that
 * customer and nothing of anyone else; the erasure removes the personal data, keeps the tax documents and touches no
 * other customer.
 */
const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'subject-'));
const actor = { id: 'staff-1', email: 'dpo@example.test' };
const ME = 'Subject.Person@Example.com';
const OTHER = 'other.person@example.com';

beforeAll(() => setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp, GATE_PIN_KEY: Buffer.alloc(32, 7).toString('base64'), GATE_API_URL: undefined }));
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A rental that ran and ended, with an ID, a photo, a note, a waiting-list entry, a draft, LINE and an email copy. */
async function customerWithEverything(email: string, first: string) {
  const base = completeDraft({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' });
  const r = await createBooking(db, { ...base, contact: { ...base.contact, ...uniqueContact(), email, firstName: first } }, { locale: 'th', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(r.error);
  await verifyPayment(db, { bookingId: r.bookingId }, actor, TEST_NOW);
  await uploadIdentityDocuments(db, r.bookingId, { kind: 'thai_id', document: { bytes: await uniqueSlip(), name: `${first}-id.png` } });
  const unitId = (await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).unitId!;
  await moveIn(db, { bookingId: r.bookingId, unitId, reason: 'test: the ID is uploaded, not yet checked' }, actor, TEST_NOW);
  await addConditionPhoto(db, r.bookingId, { stage: 'move_in', bytes: PNG_1PX, note: `${first}'s unit, clean` }, { customer: true });
  await db.bookingNote.create({ data: { bookingId: r.bookingId, text: `${first} asked for a trolley`, authorEmail: actor.email } });
  await endRental(db, { bookingId: r.bookingId, feesSatang: 0, feesNote: '' }, actor, null, new Date(TEST_NOW.getTime() + 40 * 86_400_000));
  const unitType = await db.unitType.findFirstOrThrow();
  await db.waitingListEntry.create({ data: { unitTypeId: unitType.id, unitLabel: 'Medium', name: `${first} Waiting`, email: email.toLowerCase() } });
  await db.bookingDraft.create({ data: { token: `draft-${first}`, email: email.toLowerCase(), data: { note: `${first}'s draft` } } });
  await db.lineLink.create({ data: { email: email.toLowerCase(), lineUserId: `U-${first}` } });
  await db.emailMessage.create({ data: { dedupeKey: `magic-${first}`, template: 'magic_link', locale: 'th', toAddress: email.toLowerCase(), subject: `Sign in, ${first}`, html: '', text: '', status: 'sent', sentAt: TEST_NOW } });
  // The kinds the first version of this test did not hold (issue 42, portal round): a LINE message, a gate record, a
  // payment slip, a request the customer made from the portal in their own words.
  // A LINE message is a line.push task (lib/line/outbox.ts), its payload naming the address.
  await db.task.create({ data: { type: LINE_PUSH.type, dedupeKey: `line:line-${first}`, payload: { kind: 'invoice_issued', email: email.toLowerCase(), bookingId: r.bookingId, refId: null }, status: 'succeeded', finishedAt: TEST_NOW } });
  await db.gateChange.create({ data: { bookingId: r.bookingId, action: 'grant', unitNumber: `G-${first}`, status: 'done', doneAt: TEST_NOW } });
  await createPrivacyRequest(db, { email, kind: 'correction', source: 'portal', details: `${first}'s phone changed` }, TEST_NOW);
  return { bookingId: r.bookingId, reference: r.reference };
}

describe('requests under the PDPA', () => {
  let mine: { bookingId: string; reference: string };
  let other: { bookingId: string; reference: string };
  let otherBefore: unknown;
  const otherSnapshot = async () =>
    db.customer.findMany({
      where: { email: OTHER },
      include: { bookings: { include: { invoices: true, payments: true, identityDocuments: true, conditionPhotos: true, notes: true, proofs: true, emails: true } } },
    });

  beforeAll(async () => {
    mine = await customerWithEverything(ME, 'Malee');
    other = await customerWithEverything(OTHER, 'Ivan');
    otherBefore = await otherSnapshot();
  });

  it('a request is recorded with its 30-day deadline', async () => {
    const req = await createPrivacyRequest(db, { email: ME, kind: 'export', source: 'portal' }, TEST_NOW);
    expect(req).toMatchObject({ email: ME.toLowerCase(), status: 'open', source: 'portal' });
    expect(req.dueAt.getTime() - TEST_NOW.getTime()).toBe(PRIVACY_REQUEST_DAYS * 86_400_000);
  });

  it('the export holds every kind of data of that customer, found by email in any case, and nothing of anyone else', async () => {
    const { json, summary } = await exportSubject(db, ME.toUpperCase(), actor, TEST_NOW);
    const data = JSON.parse(json);
    expect(data.customers).toHaveLength(1);
    expect(data.customers[0]).toMatchObject({ firstName: 'Malee', email: ME.toLowerCase() });
    expect(data.bookings.map((b: { reference: string }) => b.reference)).toEqual([mine.reference]);
    const b = data.bookings[0];
    for (const key of ['invoices', 'payments', 'identityDocuments', 'conditionPhotos', 'gateChanges', 'notes', 'emails', 'supplyLines', 'refunds']) expect(b, key).toHaveProperty(key);
    expect(b.invoices.length).toBeGreaterThan(0);
    expect(b.payments.length).toBeGreaterThan(0);
    expect(b.identityDocuments.map((d: { kind: string }) => d.kind)).toEqual(['thai_id']);
    expect(b.conditionPhotos[0].note).toBe("Malee's unit, clean");
    expect(b.notes[0].text).toBe('Malee asked for a trolley');
    expect(b.agreementSignature).toBeTruthy();
    // What the customer was told when they agreed: the privacy notice in force, in the booking's language.
    expect(b).toMatchObject({ privacyNoticeVersion: PRIVACY_VERSION, privacyNoticeLocale: 'th' });
    expect(data.waitingList.map((w: { name: string }) => w.name)).toEqual(['Malee Waiting']);
    expect(data.drafts).toHaveLength(1);
    expect(data.lineLinks.map((l: { lineUserId: string }) => l.lineUserId)).toEqual(['U-Malee']);
    expect(data.emails.map((e: { subject: string }) => e.subject)).toEqual(['Sign in, Malee']);
    expect(data.audit.length).toBeGreaterThan(0);
    expect(data.requests.map((r: { kind: string; details: string | null }) => [r.kind, r.details]).sort()).toEqual([
      ['correction', "Malee's phone changed"],
      ['export', null],
    ]);
    expect(data.lineMessages.map((m: { dedupeKey: string }) => m.dedupeKey)).toEqual(['line:line-Malee']);
    expect(b.gateChanges.map((g: { unitNumber: string }) => g.unitNumber)).toContain('G-Malee');
    // Nothing of the other customer, and no secrets.
    for (const s of ['Ivan', OTHER, other.reference, other.bookingId, 'U-Ivan', 'G-Ivan', 'line-Ivan']) expect(json).not.toContain(s);
    for (const s of ['gatePinCipher', 'gatePinHash', 'storageKey', 'deviceKey', '"token"']) expect(json).not.toContain(s);
    // The readable summary names the same things.
    expect(summary).toContain(mine.reference);
    expect(summary).toContain('identity document: thai_id');
    expect(summary).toContain('Malee Waiting');
    expect(summary).not.toContain('Ivan');
    expect(summary).toContain(`privacy notice given with the booking: version ${PRIVACY_VERSION} (th)`);
    // Staff's export is in the audit log.
    expect(await db.auditLog.count({ where: { action: 'privacy.export', actorEmail: actor.email } })).toBe(1);
  });

  it('the erasure removes the personal data, keeps the tax documents, and touches no other customer', async () => {
    const invoicesBefore = await db.invoice.findMany({ where: { bookingId: mine.bookingId }, orderBy: { number: 'asc' } });
    const paymentsBefore = await db.payment.findMany({ where: { bookingId: mine.bookingId }, orderBy: { id: 'asc' } });
    const result = await eraseSubject(db, ME, actor, new Date(TEST_NOW.getTime() + 50 * 86_400_000));
    expect(result).toMatchObject({ bookingsAnonymised: 1, customersAnonymised: 1, keptLive: [] });
    expect(result.outcome).toMatch(/Tax invoices, credit notes and payment records are kept/);

    const b = await db.booking.findUniqueOrThrow({ where: { id: mine.bookingId }, include: { customer: true } });
    expect(b.customer).toMatchObject({ firstName: 'Anonymised', lastName: '', phone: '', address: '' });
    expect(b.customer.email).not.toContain('malee');
    expect(b).toMatchObject({ agreementSignature: '', agreementText: '' });
    expect(await db.identityDocument.count({ where: { bookingId: mine.bookingId, storageKey: { not: null } } })).toBe(0);
    expect(await db.conditionPhoto.count({ where: { bookingId: mine.bookingId } })).toBe(0);
    expect(await db.bookingNote.count({ where: { bookingId: mine.bookingId } })).toBe(0);
    expect(await db.waitingListEntry.count({ where: { email: ME.toLowerCase() } })).toBe(0);
    expect(await db.bookingDraft.count({ where: { email: ME.toLowerCase() } })).toBe(0);
    expect(await db.lineLink.count({ where: { email: ME.toLowerCase() } })).toBe(0);
    expect(await db.emailMessage.count({ where: { toAddress: ME.toLowerCase() } })).toBe(0);
    expect(await db.task.count({ where: lineTasksOf({ email: ME }) })).toBe(0);
    expect(await db.gateChange.count({ where: { bookingId: mine.bookingId } })).toBe(0);
    // Tax documents: the invoices (with their buyer) and the payments are exactly as they were.
    expect(await db.invoice.findMany({ where: { bookingId: mine.bookingId }, orderBy: { number: 'asc' } })).toEqual(invoicesBefore);
    expect(await db.payment.findMany({ where: { bookingId: mine.bookingId }, orderBy: { id: 'asc' } })).toEqual(paymentsBefore);
    // Nobody else.
    expect(await otherSnapshot()).toEqual(otherBefore);
    expect(await db.lineLink.count({ where: { email: OTHER } })).toBe(1);
    expect(await db.waitingListEntry.count({ where: { email: OTHER } })).toBe(1);
    expect(await db.task.count({ where: lineTasksOf({ email: OTHER }) })).toBe(1);
    expect(await db.gateChange.count({ where: { bookingId: other.bookingId, unitNumber: 'G-Ivan' } })).toBe(1);
    // A second export finds nothing left of the person but the kept records.
    const again = JSON.parse((await exportSubject(db, ME, actor)).json);
    expect(again.customers).toHaveLength(0);
  });

  it('a correction changes the fields staff corrected on that email\'s live records only, audited, and completes the request', async () => {
    const meBefore = await db.customer.findMany({ where: { email: { contains: 'anonymised' } }, orderBy: { id: 'asc' } });
    const invoicesBefore = await db.invoice.findMany({ where: { bookingId: other.bookingId }, orderBy: { number: 'asc' } });
    const start = await correctableRecord(db, OTHER.toUpperCase());
    expect(start).toMatchObject({ firstName: 'Ivan' });
    const wrongKind = await createPrivacyRequest(db, { email: OTHER, kind: 'erasure', source: 'staff' }, TEST_NOW);
    await expect(carryOutCorrection(db, wrongKind.id, { lastName: 'X' }, 'no', actor)).rejects.toMatchObject({ code: 'wrong_kind' });
    const req = await createPrivacyRequest(db, { email: OTHER, kind: 'correction', source: 'portal', details: 'My surname is Petrov' }, TEST_NOW);
    // The form sends every field: unchanged ones change nothing, an emptied required one is refused, WhatsApp is cleared.
    const { changed } = await carryOutCorrection(db, req.id, { ...Object.fromEntries(Object.entries(start!).map(([k, v]) => [k, v ?? ''])), lastName: ' Petrov ', phone: '', whatsapp: '' }, 'Surname corrected', actor, TEST_NOW);
    expect(changed.sort()).toEqual(start!.whatsapp ? ['lastName', 'whatsapp'] : ['lastName']);
    const after = await db.customer.findFirstOrThrow({ where: { email: OTHER } });
    expect(after).toMatchObject({ firstName: 'Ivan', lastName: 'Petrov', phone: start!.phone, whatsapp: null });
    expect(await db.privacyRequest.findUniqueOrThrow({ where: { id: req.id } })).toMatchObject({ status: 'completed', outcome: 'Surname corrected', handledBy: actor.email });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'privacy.correct', entityId: after.id } });
    expect(audit).toMatchObject({ actorEmail: actor.email, data: { after: { lastName: 'Petrov' }, before: { lastName: start!.lastName } } });
    // Issued tax invoices keep the buyer they were issued to; nobody else's record changed.
    expect(await db.invoice.findMany({ where: { bookingId: other.bookingId }, orderBy: { number: 'asc' } })).toEqual(invoicesBefore);
    expect(await db.customer.findMany({ where: { email: { contains: 'anonymised' } }, orderBy: { id: 'asc' } })).toEqual(meBefore);
    // A corrected phone is stored grouped, as the wizard and the portal store one.
    const phoneReq = await createPrivacyRequest(db, { email: OTHER, kind: 'correction', source: 'portal', details: 'New phone' }, TEST_NOW);
    await carryOutCorrection(db, phoneReq.id, { phone: '0819990000' }, 'Phone corrected', actor, TEST_NOW);
    expect(await db.customer.findFirstOrThrow({ where: { email: OTHER } })).toMatchObject({ phone: '081 999 0000' });
    // Only once: a completed request cannot be corrected again, and staff are told why in their language.
    const again = carryOutCorrection(db, req.id, { lastName: 'Again' }, 'again', actor);
    await expect(again).rejects.toBeInstanceOf(PrivacyRequestFailure);
    const refusal = (await again.catch((e: unknown) => e)) as PrivacyRequestFailure;
    expect(refusal.say('en')).toBe('This request is already completed; its outcome was not changed.');
    expect(refusal.say('th')).toBe('คำขอนี้ดำเนินการเสร็จแล้ว ผลการดำเนินการเดิมไม่ถูกเปลี่ยนแปลง');
    expect(refusal.say('ru')).toBe('Этот запрос уже выполнен; его результат не изменён.');
    expect(await db.customer.findFirstOrThrow({ where: { email: OTHER } })).toMatchObject({ lastName: 'Petrov' });
    // Two staff members completing one correction at once: one completes it, the other is refused, nothing twice.
    const raced = await createPrivacyRequest(db, { email: OTHER, kind: 'correction', source: 'portal', details: 'Address' }, TEST_NOW);
    const both = await Promise.allSettled([
      carryOutCorrection(db, raced.id, { address: '2 Beach Road' }, 'first', actor, TEST_NOW),
      carryOutCorrection(db, raced.id, { address: '3 Beach Road' }, 'second', actor, TEST_NOW),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const done = await db.privacyRequest.findUniqueOrThrow({ where: { id: raced.id } });
    expect(await db.auditLog.count({ where: { action: 'privacy.request_completed', entityId: raced.id } })).toBe(1);
    expect((await db.customer.findFirstOrThrow({ where: { email: OTHER } })).address).toBe(done.outcome === 'first' ? '2 Beach Road' : '3 Beach Road');
  });

  it('a completed request states its outcome and is audited', async () => {
    const req = await db.privacyRequest.findFirstOrThrow({ where: { email: ME.toLowerCase(), kind: 'export' } });
    await completePrivacyRequest(db, req.id, 'Export sent by email', actor, TEST_NOW);
    expect(await db.privacyRequest.findUniqueOrThrow({ where: { id: req.id } })).toMatchObject({ status: 'completed', outcome: 'Export sent by email', handledBy: actor.email });
    expect(await db.auditLog.count({ where: { action: 'privacy.request_completed', entityId: req.id } })).toBe(1);
    // A second completion (another staff member, a page left open) is refused and keeps the first outcome.
    await expect(completePrivacyRequest(db, req.id, 'Sent again', actor, TEST_NOW)).rejects.toMatchObject({ code: 'closed' });
    expect(await db.privacyRequest.findUniqueOrThrow({ where: { id: req.id } })).toMatchObject({ outcome: 'Export sent by email' });
    expect(await db.auditLog.count({ where: { action: 'privacy.request_completed', entityId: req.id } })).toBe(1);
  });
  it('an erasure request is carried out once: a second press at the same moment is refused, and only an erasure request erases', async () => {
    const email = 'twice.pressed@example.com';
    const unitType = await db.unitType.findFirstOrThrow();
    await db.waitingListEntry.create({ data: { unitTypeId: unitType.id, unitLabel: 'Small', name: 'Twice Pressed', email } });
    const exportReq = await createPrivacyRequest(db, { email, kind: 'export', source: 'staff' }, TEST_NOW);
    await expect(carryOutErasure(db, exportReq.id, actor, TEST_NOW)).rejects.toMatchObject({ code: 'not_erasure' });
    expect(await db.waitingListEntry.count({ where: { email } })).toBe(1);
    expect(await db.privacyRequest.findUniqueOrThrow({ where: { id: exportReq.id } })).toMatchObject({ status: 'open', outcome: null });

    const req = await createPrivacyRequest(db, { email, kind: 'erasure', source: 'staff' }, TEST_NOW);
    const other = { id: 'staff-2', email: 'clerk@example.test' };
    const [first, second] = await Promise.allSettled([carryOutErasure(db, req.id, actor, TEST_NOW), carryOutErasure(db, req.id, other, TEST_NOW)]);
    const outcomes = [first, second].map((r) => r.status);
    expect(outcomes.sort()).toEqual(['fulfilled', 'rejected']);
    const refused = [first, second].find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(PrivacyRequestFailure);
    expect(refused.reason).toMatchObject({ code: 'closed' });
    expect(await db.waitingListEntry.count({ where: { email } })).toBe(0);
    const done = await db.privacyRequest.findUniqueOrThrow({ where: { id: req.id } });
    expect(done).toMatchObject({ status: 'completed' });
    expect(done.outcome).toContain('deleted 1 waiting-list');
    expect(await db.auditLog.count({ where: { action: 'privacy.erase', entityId: email } })).toBe(1);
    expect(await db.auditLog.count({ where: { action: 'privacy.request_completed', entityId: req.id } })).toBe(1);
  });
});
