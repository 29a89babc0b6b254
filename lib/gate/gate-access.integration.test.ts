import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '@/lib/log';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, example2, TEST_NOW } from '@/test/fixtures/booking-drafts';

/** An individual paying by bank transfer (staff verify the payment). */
const individual = () => completeDraft({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' });
import { GIF_WITH_HTML, PNG_1PX, uniqueSlip } from '@/test/fixtures/files';
import { startFakeGate, type FakeGate } from '@/test/fakes/gate-server';
import { endRental, moveIn, verifyPayment } from '@/lib/rentals/commands';
import { IdentityError, purgeIdentityDocuments, uploadIdentityDocuments, verifyIdentity, rejectIdentity, MAX_IDENTITY_BYTES } from '@/lib/identity/documents';
import { deliverQueued } from '@/lib/jobs/email-outbox';
import { composeAccessEmail } from '@/lib/gate/access-emails';
import { render } from '@react-email/render';
import type { EmailTransport } from '@/lib/platform/mail/send';
import { encryptLegacyPins, readGatePin, regenerateGatePin, viewGatePin } from './pin';
import { isTrivialPin } from './pin-rules';
import { encryptPin } from './pin-crypto';
import { runTasks } from '@/lib/jobs/tasks';
import { retryDeadTask, taskRetryDelayMs } from '@/lib/platform/tasks/worker';
import { gateChangesForStaff, markGateChangeDone } from './push';
import { GATE_PUSH, gatePushKey, recordGateChange } from './changes';

const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-access-'));
const actor = { id: 'staff-1', email: 'staff@example.test' };
const SECRET = 'gate-secret-for-tests-0123';
let gate: FakeGate;

// Everything the code logs during these tests, to prove no PIN is ever in it.
const logged: string[] = [];
const pinsSeen: string[] = [];

beforeAll(async () => {
  for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
    vi.spyOn(log, level).mockImplementation(((...args: unknown[]) => void logged.push(JSON.stringify(args, (_k, v: unknown) => (v instanceof Error ? v.message : v)))) as never);
  }
  setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp, GATE_PIN_KEY: Buffer.alloc(32, 7).toString('base64') });
  gate = await startFakeGate({ secret: SECRET });
});
afterAll(async () => {
  // The files of a worker share the log module (vitest.config.ts): the next file logs as usual.
  vi.restoreAllMocks();
  resetEnvForTests();
  await gate.close();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function book(draft: ReturnType<typeof completeDraft>) {
  const r = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking failed: ${r.error}`);
  return r.bookingId;
}

const sent: { to: string; subject: string; html: string; text: string }[] = [];
const transport: EmailTransport = { name: 'test', send: async (m) => (sent.push(m), { providerId: `p-${sent.length}` }) };
const code = (p: Promise<unknown>) => p.then(() => 'accepted', (e: unknown) => (e instanceof IdentityError ? e.code : String(e)));
const png = async () => ({ bytes: await uniqueSlip(), name: 'id-card.png' });

describe('identity before access, and the gate PIN', () => {
  let bookingId = '';
  let pin = '';

  it('refuses identity files that are not what they claim, too large, or of the wrong kind; keeps nothing of them', async () => {
    // A company uploads its certificate, not an ID card.
    const company = await book(example2());
    expect(await code(uploadIdentityDocuments(db, company, { kind: 'thai_id', document: await png() }))).toBe('kind');
    expect(await code(uploadIdentityDocuments(db, company, { kind: 'company_certificate', document: await png() }))).toBe('accepted');
    bookingId = await book(individual());
    expect(await code(uploadIdentityDocuments(db, bookingId, { kind: 'thai_id', document: { bytes: GIF_WITH_HTML, name: 'x.gif' } }))).toBe('file_type');
    expect(await code(uploadIdentityDocuments(db, bookingId, { kind: 'thai_id', document: { bytes: new Uint8Array(MAX_IDENTITY_BYTES + 1), name: 'big.png' } }))).toBe('file_size');
    expect(await code(uploadIdentityDocuments(db, bookingId, { kind: 'thai_id', document: { bytes: new Uint8Array(0), name: 'empty.png' } }))).toBe('file_size');
    // An individual uploads an ID card or a passport; the company certificate is for business customers.
    expect(await code(uploadIdentityDocuments(db, bookingId, { kind: 'company_certificate', document: await png() }))).toBe('kind');
    // A valid document with a bad selfie: the whole upload is refused.
    expect(await code(uploadIdentityDocuments(db, bookingId, { kind: 'passport', document: await png(), selfie: { bytes: GIF_WITH_HTML, name: 's.gif' } }))).toBe('file_type');
    expect(await db.identityDocument.count({ where: { bookingId } })).toBe(0);
    expect(await db.storedFile.count({ where: { key: { startsWith: 'identity/' } } })).toBe(1);
  });

  it('stores a valid document privately, and staff can reject it with a reason that is emailed', async () => {
    expect(await code(uploadIdentityDocuments(db, bookingId, { kind: 'passport', document: { bytes: PNG_1PX, name: 'passport.png' } }))).toBe('accepted');
    const [doc] = await db.identityDocument.findMany({ where: { bookingId } });
    expect(doc).toMatchObject({ kind: 'passport', status: 'pending', mimeType: 'image/png' });
    expect(doc.storageKey).toMatch(/^identity\/[a-f0-9]{32}\.png$/);
    const keys = await rejectIdentity(db, bookingId, 'The photo is blurred', actor);
    await deliverQueued(db, keys[0], transport);
    expect(sent.at(-1)!.subject).toMatch(/upload your identity document again/);
    expect(sent.at(-1)!.text).toContain('The photo is blurred');
  });

  it('issues no PIN until both the first payment and the identity check are done; then one, encrypted, emailed once', async () => {
    await uploadIdentityDocuments(db, bookingId, { kind: 'thai_id', document: await png(), selfie: await png() });
    const keys = await verifyIdentity(db, bookingId, actor);
    // Not paid yet: verified, but no PIN and nothing for the gate.
    expect(keys).toHaveLength(1);
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).gatePinCipher).toBeNull();
    expect(await db.gateChange.count({ where: { bookingId } })).toBe(0);
    await deliverQueued(db, keys[0], transport);
    expect(sent.at(-1)!.subject).toMatch(/^Identity verified/);

    await verifyPayment(db, { bookingId }, actor);
    const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect(b.status).toBe('confirmed');
    pin = readGatePin(b.gatePinCipher)!;
    pinsSeen.push(pin);
    expect(pin).toMatch(/^\d{6}$/);
    expect(isTrivialPin(pin)).toBe(false);
    expect(b.gatePinCipher).not.toContain(pin);
    expect(await db.gateChange.findMany({ where: { bookingId } })).toMatchObject([{ action: 'grant', status: 'pending' }]);

    const queued = await db.emailMessage.findFirstOrThrow({ where: { bookingId, template: 'gate_pin' } });
    await deliverQueued(db, queued.dedupeKey, transport);
    expect(sent.at(-1)!.subject).toMatch(/^Your gate PIN/);
    expect(sent.at(-1)!.html).toContain(pin);
    // The outbox keeps no copy of the PIN once it is sent.
    const stored = await db.emailMessage.findUniqueOrThrow({ where: { id: queued.id } });
    expect(stored.status).toBe('sent');
    expect(`${stored.html}${stored.text}`).not.toContain(pin);
  });

  it('records every view as "viewed" and never writes the PIN into the audit log', async () => {
    expect(await viewGatePin(db, bookingId, { customer: true })).toBe(pin);
    expect(await viewGatePin(db, bookingId, { staff: actor })).toBe(pin);
    const views = await db.auditLog.findMany({ where: { entityId: bookingId, action: 'gate_pin.view' }, orderBy: { createdAt: 'asc' } });
    expect(views.map((v) => [(v.data as { after: { by: string } }).after.by, v.actorEmail])).toEqual([['customer', null], ['staff', actor.email]]);
    const everything = JSON.stringify(await db.auditLog.findMany({ where: { entityId: bookingId } }));
    expect(everything).not.toContain(pin);
  });

  it('never lets two active rentals share a PIN (the database refuses a second copy)', async () => {
    const other = await book(individual());
    const hash = (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).gatePinHash;
    await expect(db.booking.update({ where: { id: other }, data: { gatePinHash: hash } })).rejects.toThrow();
  });

  it('regenerates the PIN on request: a new one, a change for the gate, a new email', async () => {
    const key = await db.$transaction((tx) => regenerateGatePin(tx, bookingId, actor));
    const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    const fresh = readGatePin(b.gatePinCipher)!;
    expect(fresh).not.toBe(pin);
    pinsSeen.push(fresh);
    await deliverQueued(db, key, transport);
    expect(sent.at(-1)!.html).toContain(fresh);
    expect(await db.gateChange.count({ where: { bookingId, action: 'change_pin' } })).toBe(1);
    pin = fresh;
  });

  it('pushes each change as its gate.push task: signed, in order, retried with the tasks\' backoff, every answer recorded', async () => {
    const changes = await db.gateChange.findMany({ where: { bookingId }, orderBy: { createdAt: 'asc' } });
    expect(changes.map((c) => c.action)).toEqual(['grant', 'change_pin']);
    // Each change wrote its task in its own transaction; the task carries the change id, never the PIN.
    const taskOf = (changeId: string) => db.task.findUniqueOrThrow({ where: { dedupeKey: gatePushKey(changeId) } });
    for (const c of changes) expect(await taskOf(c.id)).toMatchObject({ type: 'gate.push', status: 'pending', payload: { changeId: c.id } });
    const [grant, changePin] = changes;
    try {
      // A wrong secret is refused by the controller: recorded on the change, the task waits for its backoff, and the
      // PIN change does not overtake the grant.
      setEnvForTests({ GATE_API_URL: gate.url, GATE_API_SECRET: 'not-the-gate-secret-000' });
      const t0 = Date.now();
      expect(await runTasks(db, { types: [GATE_PUSH.type] })).toMatchObject({ claimed: 2, succeeded: 0, retried: 2 });
      expect(gate.refused.at(-1)).toEqual({ status: 401, reason: 'bad signature' });
      expect(gate.received).toEqual([]);
      expect(await db.gateChange.findUniqueOrThrow({ where: { id: grant.id } })).toMatchObject({ status: 'failed', lastError: 'HTTP 401' });
      expect(await db.gateChange.findUniqueOrThrow({ where: { id: changePin.id } })).toMatchObject({ status: 'pending', attempts: 0 });
      expect((await taskOf(changePin.id)).lastError).toMatch(/older change of the rental, grant, goes first/);
      const retryAt = (await taskOf(grant.id)).runAt.getTime();
      expect(retryAt - t0).toBeGreaterThanOrEqual(taskRetryDelayMs(1));

      // Before the backoff passes nothing is sent; after it, the grant goes first, then the PIN change with the PIN.
      setEnvForTests({ GATE_API_SECRET: SECRET });
      expect(await runTasks(db, { types: [GATE_PUSH.type], now: new Date(t0 + 10_000) })).toMatchObject({ claimed: 0 });
      expect(await runTasks(db, { types: [GATE_PUSH.type], now: new Date(retryAt + 1_000) })).toMatchObject({ claimed: 2, succeeded: 2 });
      expect(gate.received.map((r) => r.action)).toEqual(['grant', 'change_pin']);
      expect(gate.received[1]).toMatchObject({ pin, unit: expect.any(String), idempotencyKey: changePin.id });
      expect(await db.gateChange.findUniqueOrThrow({ where: { id: grant.id } })).toMatchObject({ status: 'sent', lastError: null });
      expect(await db.gateChange.findUniqueOrThrow({ where: { id: changePin.id } })).toMatchObject({ status: 'sent', attempts: 1 });

      // The controller is down for two tries: each answer is recorded, the task's delay doubles, then it goes through.
      await moveIn(db, { bookingId, unitId: (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).unitId!, reason: 'test: handed over before the ID check' }, actor);
      await endRental(db, { bookingId, feesSatang: 0, feesNote: '' }, actor, null);
      const ended = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
      expect(ended.gatePinCipher).toBeNull();
      expect(ended.gatePinHash).toBeNull();
      const revokeId = (await db.gateChange.findFirstOrThrow({ where: { bookingId, action: 'revoke' } })).id;
      gate.failNext(2);
      const t1 = Date.now();
      expect(await runTasks(db, { types: [GATE_PUSH.type] })).toMatchObject({ claimed: 1, retried: 1 });
      expect(await db.gateChange.findUniqueOrThrow({ where: { id: revokeId } })).toMatchObject({ status: 'failed', attempts: 1, lastError: 'HTTP 503' });
      const t2 = (await taskOf(revokeId)).runAt.getTime();
      expect(t2 - t1).toBeGreaterThanOrEqual(taskRetryDelayMs(1));
      expect(await runTasks(db, { types: [GATE_PUSH.type], now: new Date(t2 + 1_000) })).toMatchObject({ claimed: 1, retried: 1 });
      const t3 = (await taskOf(revokeId)).runAt.getTime();
      expect(taskRetryDelayMs(2)).toBe(2 * taskRetryDelayMs(1));
      expect(t3 - Date.now()).toBeGreaterThan(taskRetryDelayMs(1));
      expect(await runTasks(db, { types: [GATE_PUSH.type], now: new Date(t3 + 1_000) })).toMatchObject({ claimed: 1, succeeded: 1 });
      expect(await taskOf(revokeId)).toMatchObject({ status: 'succeeded', attempts: 3 });
      const revoke = await db.gateChange.findUniqueOrThrow({ where: { id: revokeId }, include: { pushes: { orderBy: { createdAt: 'asc' } } } });
      expect(revoke).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      expect(revoke.pushes.map((p) => p.httpStatus)).toEqual([503, 503, 200]);
      expect(gate.received.at(-1)).toMatchObject({ action: 'revoke' });
      expect(gate.received.at(-1)!.pin).toBeUndefined();
      // Nothing the pushes or the tasks recorded holds the PIN.
      expect(JSON.stringify(await db.gatePush.findMany())).not.toContain(pin);
      expect(JSON.stringify(await db.task.findMany({ where: { type: GATE_PUSH.type } }))).not.toContain(pin);
    } finally {
      setEnvForTests({ GATE_API_URL: undefined, GATE_API_SECRET: undefined });
    }
  });

  it('without a controller, lists every waiting change for staff to key in until marked done; with one, only those no task will push', async () => {
    const id = await book(individual());
    await db.$transaction((tx) => recordGateChange(tx, id, 'grant'));
    const waiting = async () => (await gateChangesForStaff(db)).filter((c) => c.bookingId === id).map((c) => ({ action: c.action, reference: c.booking.reference }));
    const { reference } = await db.booking.findUniqueOrThrow({ where: { id } });
    setEnvForTests({ GATE_API_URL: undefined, GATE_API_SECRET: undefined });
    expect(await waiting()).toEqual([{ action: 'grant', reference }]);
    const grant = await db.gateChange.findFirstOrThrow({ where: { bookingId: id } });
    expect(await markGateChangeDone(db, grant.id, actor)).toBe(true);
    expect(await markGateChangeDone(db, grant.id, actor)).toBe(false);
    expect(await db.gateChange.findUniqueOrThrow({ where: { id: grant.id } })).toMatchObject({ status: 'done', doneBy: actor.email });
    expect(await waiting()).toEqual([]);
    // Its task, when it runs, finds it keyed in already: nothing goes to the gate.
    const received = gate.received.length;
    expect(await runTasks(db, { types: [GATE_PUSH.type] })).toMatchObject({ succeeded: 1 });
    expect(await db.task.findUniqueOrThrow({ where: { dedupeKey: gatePushKey(grant.id) } })).toMatchObject({ status: 'succeeded', result: { skipped: 'done' } });

    // A controller is configured: a change whose task is still retrying is not for staff; one whose task died is.
    const suspend = await db.$transaction(async (tx) => {
      // As if a PIN had been issued (a rental without one has nothing to suspend at the gate).
      await tx.booking.update({ where: { id }, data: { gatePinCipher: encryptPin('350718') } });
      await recordGateChange(tx, id, 'suspend');
      return tx.gateChange.findFirstOrThrow({ where: { bookingId: id, action: 'suspend' } });
    });
    setEnvForTests({ GATE_API_URL: gate.url, GATE_API_SECRET: SECRET });
    try {
      expect(await waiting()).toEqual([]);
      const task = await db.task.update({ where: { dedupeKey: gatePushKey(suspend.id) }, data: { maxAttempts: 1 } });
      gate.failNext(1);
      expect(await runTasks(db, { types: [GATE_PUSH.type] })).toMatchObject({ dead: 1 });
      expect(await waiting()).toEqual([{ action: 'suspend', reference }]);
      // Retry on /admin/jobs gives it back to the worker: off the staff list again.
      expect(await retryDeadTask(db, task.id)).toBe(true);
      expect(await waiting()).toEqual([]);
      // Keyed in by hand meanwhile: the retried task sends nothing.
      expect(await markGateChangeDone(db, suspend.id, actor)).toBe(true);
      expect(await runTasks(db, { types: [GATE_PUSH.type] })).toMatchObject({ succeeded: 1 });
      expect(gate.received.length).toBe(received);

      // A task that ran while no controller was configured leaves its change for staff once one is.
      setEnvForTests({ GATE_API_URL: undefined, GATE_API_SECRET: undefined });
      await db.$transaction((tx) => recordGateChange(tx, id, 'restore'));
      expect(await runTasks(db, { types: [GATE_PUSH.type] })).toMatchObject({ succeeded: 1 });
      setEnvForTests({ GATE_API_URL: gate.url, GATE_API_SECRET: SECRET });
      expect(await waiting()).toEqual([{ action: 'restore', reference }]);
    } finally {
      setEnvForTests({ GATE_API_URL: undefined, GATE_API_SECRET: undefined });
    }
  });

  it('purges identity files 90 days after the rental ends, keeping the record', async () => {
    const ended = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect(await purgeIdentityDocuments(db, new Date(ended.endedAt!.getTime() + 89 * 86_400_000))).toEqual({ identityPurged: 0 });
    const files = await db.identityDocument.count({ where: { bookingId, storageKey: { not: null } } });
    expect(files).toBeGreaterThan(0);
    expect(await purgeIdentityDocuments(db, new Date(ended.endedAt!.getTime() + 91 * 86_400_000))).toEqual({ identityPurged: files });
    expect(await db.identityDocument.count({ where: { bookingId, storageKey: null, purgedAt: { not: null } } })).toBe(3);
    expect(await db.storedFile.count({ where: { key: { startsWith: 'identity/' } } })).toBe(1);
  });

  it('encrypts PINs an older version stored in clear on the unit', async () => {
    const id = await book(individual());
    await verifyPayment(db, { bookingId: id }, actor);
    const unitId = (await db.booking.findUniqueOrThrow({ where: { id } })).unitId!;
    await db.unit.update({ where: { id: unitId }, data: { gateCode: '4821' } });
    expect(await encryptLegacyPins(db)).toEqual({ encrypted: 1 });
    expect((await db.unit.findUniqueOrThrow({ where: { id: unitId } })).gateCode).toBeNull();
    expect(readGatePin((await db.booking.findUniqueOrThrow({ where: { id } })).gatePinCipher)).toBe('4821');
    expect(await encryptLegacyPins(db)).toEqual({ encrypted: 0 });
  });

  it('writes the move-in emails in the language of the customer', async () => {
    const b = await db.booking.findFirstOrThrow({ where: { gatePinCipher: { not: null }, status: 'confirmed' } });
    for (const [locale, words] of [['th', ['รหัส PIN ประตู', 'เรียน คุณ']], ['ru', ['PIN-код ворот', 'Здравствуйте']]] as const) {
      await db.customer.update({ where: { id: b.customerId }, data: { locale } });
      for (const template of ['gate_pin', 'identity_verified', 'identity_rejected'] as const) {
        const email = (await composeAccessEmail(db, template, b.id))!;
        const text = await render(email.element, { plainText: true });
        expect(text, `${locale} ${template}`).not.toMatch(/\{\w+\}|moveIn\./);
        expect(text).toContain(words[1]);
        if (template === 'gate_pin') expect(email.subject).toContain(words[0]);
      }
    }
  });

  it('never wrote a PIN into the logs', () => {
    // The failed pushes above did log (a warning each): the check has something to look at.
    expect(logged.some((l) => l.includes('gate: push failed'))).toBe(true);
    for (const p of pinsSeen) expect(logged.filter((l) => l.includes(p))).toEqual([]);
  });
});
