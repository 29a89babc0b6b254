// Email through Resend (here its fake, which checks key, sender, recipient and subject as Resend does): what Resend
// refuses is never counted as sent; the outbox row keeps the reason and is retried once the cause is fixed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { startFakeResend, type FakeResend } from '@/test/fakes/resend-server';
import { createElement } from 'react';
import { sendEmail, type OutgoingEmail } from './send';
import { deliverQueuedWith, queueEmail } from './outbox';
import { runTasks } from '@/lib/jobs/tasks';

const FROM = 'Phuket Self Storage <bookings@phuketselfstorage.com>';
const { db, close } = await openTestDb();
let fake: FakeResend;

beforeAll(async () => {
  fake = await startFakeResend({ from: FROM });
  setEnvForTests({ RESEND_API_KEY: 're_test_fake', RESEND_BASE_URL: fake.url, EMAIL_FROM: FROM });
});
afterAll(async () => {
  await fake.close();
  resetEnvForTests();
  await close();
});

let n = 0;
const email = (over: Partial<OutgoingEmail> = {}): OutgoingEmail => ({ dedupeKey: `resend-guard:${++n}`, template: 'invoice_issued', locale: 'en', to: 'customer@example.com', subject: 'Invoice INV-2027-000001', html: '<p>hi</p>', text: 'hi', ...over });
const row = (id: string) => db.emailMessage.findUniqueOrThrow({ where: { id } });

describe('the fake Resend checks what it receives', () => {
  it('accepts the right key, our sender, one recipient and a subject, and records exactly those', async () => {
    const r = await sendEmail(db, email({ to: 'anna@example.com', subject: 'Your booking PSS-1' }));
    expect(r.status).toBe('sent');
    expect(fake.emails.at(-1)).toMatchObject({ from: FROM, to: 'anna@example.com', subject: 'Your booking PSS-1' });
  });

  it('a wrong API key: the email is failed with the reason and sent on a later retry once the key is right', async () => {
    const sent = fake.emails.length;
    setEnvForTests({ RESEND_API_KEY: 're_wrong' });
    const r = await sendEmail(db, email());
    expect(r.status).toBe('failed');
    expect(fake.emails).toHaveLength(sent);
    const failed = await row(r.id!);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toContain('invalid_api_key');
    // Its delivery task waits for the backoff, then the worker sends it.
    const task = await db.task.findUniqueOrThrow({ where: { dedupeKey: `email:${failed.dedupeKey}` } });
    expect(task).toMatchObject({ status: 'pending', attempts: 1 });
    expect(task.runAt.getTime()).toBeGreaterThan(Date.now());
    setEnvForTests({ RESEND_API_KEY: 're_test_fake' });
    await runTasks(db, { now: new Date(Date.now() + 2 * 60_000), types: ['email.deliver'] });
    expect((await row(r.id!)).status).toBe('sent');
    expect(fake.emails).toHaveLength(sent + 1);
  });

  it('a sender Resend refuses (no address) fails the email instead of losing it', async () => {
    setEnvForTests({ EMAIL_FROM: 'Phuket Self Storage' });
    try {
      const r = await sendEmail(db, email());
      expect(r.status).toBe('failed');
      expect((await row(r.id!)).lastError).toContain('validation_error');
      expect(fake.refused.at(-1)?.message).toContain('`from`');
    } finally {
      setEnvForTests({ EMAIL_FROM: FROM });
    }
  });

  it('a recipient or subject Resend refuses is failed, not marked sent', async () => {
    const badTo = await sendEmail(db, email({ to: 'not-an-address' }));
    expect(badTo.status).toBe('failed');
    expect(fake.refused.at(-1)?.message).toContain('`to`');
    const badSubject = await sendEmail(db, email({ subject: 'Invoice\r\nBcc: x@example.com' }));
    expect(badSubject.status).toBe('failed');
    expect(fake.refused.at(-1)?.message).toContain('`subject`');
  });
});

describe('an email queued by a transaction and composed when delivered', () => {
  const composer = (subject: string) => async () => ({ element: createElement('p', null, `Hello ${subject}`), subject, to: 'lek@example.com' });

  it('keeps the text it was composed with when Resend refuses it, and the retry sends that same text', async () => {
    const dedupeKey = `queued-guard:${++n}`;
    await db.$transaction((tx) => queueEmail(tx, { dedupeKey, template: 'guard_note', locale: 'th', to: 'lek@example.com', bookingId: null }));
    setEnvForTests({ RESEND_API_KEY: 're_wrong' });
    const first = await deliverQueuedWith(db, dedupeKey, { guard_note: composer('first') }).finally(() => setEnvForTests({ RESEND_API_KEY: 're_test_fake' }));
    expect(first?.status).toBe('failed');
    // What staff see in the email log: the composed subject and text beside the reason.
    const failed = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey } });
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, subject: 'first', toAddress: 'lek@example.com' });
    expect(failed.html).toContain('Hello first');
    expect(failed.lastError).toContain('invalid_api_key');

    // Sent as composed the first time, not composed again (a composer that would now write something else).
    const sentBefore = fake.emails.length;
    const second = await deliverQueuedWith(db, dedupeKey, { guard_note: composer('second') });
    expect(second?.status).toBe('sent');
    expect(fake.emails).toHaveLength(sentBefore + 1);
    expect(fake.emails.at(-1)).toMatchObject({ to: 'lek@example.com', subject: 'first' });
    expect(await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey } })).toMatchObject({ status: 'sent', attempts: 2, subject: 'first', lastError: null });
  });

  it('records the composed text with a first attempt that succeeds', async () => {
    const dedupeKey = `queued-guard:${++n}`;
    await db.$transaction((tx) => queueEmail(tx, { dedupeKey, template: 'guard_note', locale: 'ru', to: 'lek@example.com', bookingId: null }));
    expect((await deliverQueuedWith(db, dedupeKey, { guard_note: composer('once') }))?.status).toBe('sent');
    const sent = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey } });
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, subject: 'once', toAddress: 'lek@example.com' });
    expect(sent.html).toContain('Hello once');
    expect(sent.text).toContain('Hello once');
  });
});
