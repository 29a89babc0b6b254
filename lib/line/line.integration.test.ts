import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '@/lib/log';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { uniqueSlip } from '@/test/fixtures/files';
import { startFakeLine, type FakeLine } from '@/test/fakes/line-server';
import { verifyPayment } from '@/lib/rentals/commands';
import { uploadIdentityDocuments, verifyIdentity } from '@/lib/identity/documents';
import { sendInvoiceReminder } from '@/lib/invoices/emails';
import { readGatePin } from '@/lib/gate/pin';
import type { LineConfig } from './client';
import { signLineBody } from './signature';
import { findLinkCode, handleLineWebhook, linkCodeFor, unlinkLine } from './link';
import { LINE_PUSH, lineTasksOf, queueLineMessage } from './outbox';
import { deliverLineMessage } from '@/lib/jobs/line-push';
import { runTasks } from '@/lib/jobs/tasks';
import { handle, registry, runDueTasks } from '@/lib/platform/tasks/worker';

/** The LINE tasks' worker pass, with a given configuration (the app's own reads the environment). */
const pushWith = (cfg: LineConfig, now = new Date()) => runDueTasks(db, registry([handle(LINE_PUSH, (d, msg, ctx) => deliverLineMessage(d, msg, ctx, cfg))]), { now, types: [LINE_PUSH.type] });
const runLineTasks = (now = new Date()) => runTasks(db, { now, types: [LINE_PUSH.type] });

const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'line-'));
const actor = { id: 'staff-1', email: 'staff@example.test' };
const TOKEN = 'line-access-token-for-tests';
const SECRET = 'line-channel-secret-for-tests';
let line: FakeLine;
let config: LineConfig;
const logged: string[] = [];

beforeAll(async () => {
  for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
    vi.spyOn(log, level).mockImplementation(((...args: unknown[]) => void logged.push(JSON.stringify(args, (_k, v: unknown) => (v instanceof Error ? v.message : v)))) as never);
  }
  line = await startFakeLine({ accessToken: TOKEN });
  config = { apiUrl: line.url, accessToken: TOKEN, channelSecret: SECRET };
  setEnvForTests({
    RESEND_API_KEY: undefined,
    EMAIL_OUTBOX_DIR: tmp,
    UPLOAD_DIR: tmp,
    GATE_PIN_KEY: Buffer.alloc(32, 9).toString('base64'),
    LINE_CHANNEL_ACCESS_TOKEN: TOKEN,
    LINE_CHANNEL_SECRET: SECRET,
    LINE_API_URL: line.url,
  });
});
afterAll(async () => {
  // The files of a worker share the log module (vitest.config.ts): the next file logs as usual.
  vi.restoreAllMocks();
  resetEnvForTests();
  await line.close();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const userId = () => `U${crypto.randomBytes(16).toString('hex')}`;

async function book(locale: 'en' | 'th' | 'ru') {
  const r = await createBooking(db, completeDraft({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }), { locale, now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(`booking failed: ${r.error}`);
  const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, select: { id: true, reference: true, customer: { select: { email: true } } } });
  return { id: b.id, reference: b.reference, email: b.customer.email };
}

function webhookBody(events: unknown[]) {
  return JSON.stringify({ destination: 'Ubot', events });
}
const textEvent = (from: string, text: string) => ({ type: 'message', replyToken: `r-${crypto.randomUUID()}`, source: { type: 'user', userId: from }, message: { type: 'text', id: '1', text } });

async function sendToWebhook(events: unknown[], secret = SECRET) {
  const raw = webhookBody(events);
  return handleLineWebhook(db, config, raw, signLineBody(secret, raw));
}

describe('LINE: linking from the portal by a one-time code', () => {
  it('reads a code however it is typed', () => {
    expect(findLinkCode(' abcd-2345 ')).toBe('ABCD2345');
    expect(findLinkCode('hello')).toBeNull();
  });

  it('refuses a webhook whose signature is wrong: nothing is linked, nothing answered', async () => {
    const b = await book('en');
    const { code } = await linkCodeFor(db, b.email, 'en');
    const replies = line.replies.length;
    const r = await sendToWebhook([textEvent(userId(), code)], 'not-the-channel-secret');
    expect(r.status).toBe(401);
    const raw = webhookBody([textEvent(userId(), code)]);
    expect((await handleLineWebhook(db, config, raw, null)).status).toBe(401);
    expect(await db.lineLink.count({ where: { email: b.email.toLowerCase() } })).toBe(0);
    expect(line.replies.length).toBe(replies);
  });

  it('binds the LINE user who sends the code to the customer and answers in their language; the code works once', async () => {
    const b = await book('th');
    const { code } = await linkCodeFor(db, b.email, 'th');
    const me = userId();
    const r = await sendToWebhook([{ type: 'follow', source: { type: 'user', userId: me } }, textEvent(me, code.toLowerCase())]);
    expect(r).toEqual({ status: 200, body: { ok: true, linked: 1 } });
    expect(await db.lineLink.findUnique({ where: { email: b.email.toLowerCase() } })).toMatchObject({ lineUserId: me });
    expect(line.replies.at(-1)!.texts[0]).toContain('เชื่อมต่อกับ Phuket Self Storage แล้ว');
    // Sent again (or by someone who saw it): not valid any more, the stranger, whose language nothing tells, is told
    // how to get a code in every language the site speaks.
    const stranger = userId();
    expect((await sendToWebhook([textEvent(stranger, code)])).body).toMatchObject({ linked: 0 });
    expect(await db.lineLink.findUnique({ where: { email: b.email.toLowerCase() } })).toMatchObject({ lineUserId: me });
    const toStranger = line.replies.at(-1)!.texts[0];
    expect(toStranger).toContain('Link LINE');
    expect(toStranger).toContain('เชื่อมต่อ LINE');
    expect(toStranger).toContain('Подключить LINE');
    // The customer who linked mistypes a code later: told in Thai, the language of their link.
    await sendToWebhook([textEvent(me, 'ABCD2345')]);
    expect(line.replies.at(-1)!.texts[0]).toMatch(/^รหัสนี้ไม่ถูกต้อง.*“เชื่อมต่อ LINE”[^]*$/);
    expect(line.replies.at(-1)!.texts[0]).not.toContain('Link LINE');
  });

  it('an expired code links nothing, and its sender is told in the language the code was made in', async () => {
    const b = await book('ru');
    const { code } = await linkCodeFor(db, b.email, 'ru', new Date(Date.now() - 31 * 60_000));
    await sendToWebhook([textEvent(userId(), code)]);
    expect(await db.lineLink.count({ where: { email: b.email.toLowerCase() } })).toBe(0);
    expect(line.replies.at(-1)!.texts[0]).toMatch(/^Код неверный или устарел/);
    expect(line.replies.at(-1)!.texts[0]).not.toContain('Link LINE');
  });
});

describe('LINE: receipts, reminders and the gate PIN for a linked customer', () => {
  let b: Awaited<ReturnType<typeof book>>;
  const me = userId();

  beforeAll(async () => {
    b = await book('th');
    const { code } = await linkCodeFor(db, b.email, 'th');
    await sendToWebhook([textEvent(me, code)]);
  });

  it('pushes the payment reminder in Thai to the linked user, through the line-push job', async () => {
    const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: b.id, kind: 'initial' } });
    if (!invoice.dueAt) await db.invoice.update({ where: { id: invoice.id }, data: { dueAt: new Date('2026-12-05T05:00:00Z') } });
    await sendInvoiceReminder(db, invoice.id);
    const reminders = await db.task.findMany({ where: { ...lineTasksOf({ bookingId: b.id }), status: 'pending' } });
    expect(reminders.map((t) => (t.payload as { kind: string }).kind)).toEqual(['reminder']);
    const before = line.pushes.length;
    expect(await runLineTasks()).toMatchObject({ claimed: 1, succeeded: 1 });
    const push = line.pushes.slice(before);
    expect(push).toHaveLength(1);
    expect(push[0].to).toBe(me);
    expect(push[0].texts[0]).toContain(`แจ้งเตือนใบแจ้งหนี้ ${invoice.number}`);
    expect(push[0].texts[0]).toContain(`pay-invoice/${invoice.id}?token=`);
    // Sent once: the worker again has nothing to do.
    expect(await runLineTasks()).toMatchObject({ claimed: 0 });
  });

  it('pushes the receipt and then the gate PIN, which is neither stored nor logged', async () => {
    await uploadIdentityDocuments(db, b.id, { kind: 'thai_id', document: { bytes: await uniqueSlip(), name: 'id.png' } });
    await verifyIdentity(db, b.id, actor);
    await verifyPayment(db, { bookingId: b.id }, actor);
    const pin = readGatePin((await db.booking.findUniqueOrThrow({ where: { id: b.id } })).gatePinCipher)!;
    expect(pin).toMatch(/^\d{6}$/);
    expect((await db.task.findMany({ where: { ...lineTasksOf({ bookingId: b.id }), status: 'pending' } })).map((t) => (t.payload as { kind: string }).kind).sort()).toEqual(['gate_pin', 'receipt']);
    const before = line.pushes.length;
    expect(await pushWith(config)).toMatchObject({ succeeded: 2 });
    const texts = line.pushes.slice(before).map((p) => p.texts[0]);
    expect(texts.find((t) => t.includes('ได้รับชำระเงินแล้ว'))).toContain(b.reference);
    expect(texts.find((t) => t.includes('PIN'))).toContain(pin);
    expect(line.pushes.slice(before).every((p) => p.to === me)).toBe(true);
    const rows = JSON.stringify(await db.task.findMany({ where: lineTasksOf({ bookingId: b.id }) }));
    expect(rows).not.toContain(pin);
    expect(logged.join('\n')).not.toContain(pin);
  });

  it('retries after LINE answers 500, keeping the outcome, and delivers once it recovers', async () => {
    const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: b.id, kind: 'initial' } });
    await queueLineMessage(db, { kind: 'receipt', bookingId: b.id, refId: (await db.payment.findFirstOrThrow({ where: { bookingId: b.id, status: 'paid' } })).id, dedupeKey: `retry-test:${invoice.id}` });
    line.failNext(1);
    const now = new Date();
    const before = line.pushes.length;
    expect(await pushWith(config, now)).toMatchObject({ succeeded: 0, retried: 1 });
    const failed = await db.task.findUniqueOrThrow({ where: { dedupeKey: `line:retry-test:${invoice.id}` } });
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toContain('LINE HTTP 500');
    expect(failed.runAt.getTime()).toBeGreaterThan(now.getTime());
    // Not before its backoff has passed.
    expect(await pushWith(config, now)).toMatchObject({ claimed: 0 });
    expect(await pushWith(config, new Date(now.getTime() + 61_000))).toMatchObject({ succeeded: 1 });
    expect(line.pushes.length).toBe(before + 1);
    expect(await db.task.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ status: 'succeeded', attempts: 2, result: { sent: true, httpStatus: 200 } });
  });

  it('a wrong access token is refused by LINE and the message stays failed for a retry', async () => {
    await queueLineMessage(db, { kind: 'receipt', bookingId: b.id, refId: (await db.payment.findFirstOrThrow({ where: { bookingId: b.id, status: 'paid' } })).id, dedupeKey: `bad-token:${b.id}` });
    expect(await pushWith({ ...config, accessToken: 'wrong' })).toMatchObject({ retried: 1 });
    const task = await db.task.findUniqueOrThrow({ where: { dedupeKey: `line:bad-token:${b.id}` } });
    expect(task).toMatchObject({ status: 'pending', attempts: 1 });
    expect(task.lastError).toContain('LINE HTTP 401');
  });

  it('after unlinking, nothing more is queued and waiting messages are dropped', async () => {
    expect(await unlinkLine(db, b.email)).toBe(true);
    expect(await db.task.count({ where: { ...lineTasksOf({ bookingId: b.id }), status: 'pending' } })).toBe(0);
    await queueLineMessage(db, { kind: 'receipt', bookingId: b.id, refId: null, dedupeKey: `after-unlink:${b.id}` });
    expect(await db.task.count({ where: { dedupeKey: `line:after-unlink:${b.id}` } })).toBe(0);
  });
});

describe('LINE: not configured', () => {
  it('queues nothing and the job does nothing', async () => {
    const b = await book('en');
    await db.lineLink.create({ data: { email: b.email.toLowerCase(), lineUserId: userId() } });
    setEnvForTests({ LINE_CHANNEL_ACCESS_TOKEN: undefined, LINE_CHANNEL_SECRET: undefined });
    try {
      await queueLineMessage(db, { kind: 'receipt', bookingId: b.id, refId: null, dedupeKey: `unconfigured:${b.id}` });
      expect(await db.task.count({ where: lineTasksOf({ bookingId: b.id }) })).toBe(0);
      expect(await deliverLineMessage(db, { kind: 'receipt', email: b.email, bookingId: b.id, refId: null }, { taskId: 't', attempt: 1 })).toEqual({ skipped: 'not_configured' });
    } finally {
      setEnvForTests({ LINE_CHANNEL_ACCESS_TOKEN: TOKEN, LINE_CHANNEL_SECRET: SECRET, LINE_API_URL: line.url });
    }
  });
});
