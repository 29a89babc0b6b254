import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { recordOfflinePayment } from '@/lib/payments/offline-payments';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { formatTHB } from '@/lib/format/money';
import { JOBS, type JobDefinition } from '@/lib/jobs';
import { runDueSlots } from '@/lib/jobs/scheduler';
import { runTasks } from '@/lib/jobs/tasks';
import { alertChatWaiting, alertCounts, sendMorningDigest } from './index';

// Staff are told (docs/product-rules.md#staff-alerts): an email per event to each member who wants it, a count in the
// admin, and the 08:00 digest once however often the job runs.
let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-alerts-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
  await db.user.updateMany({ data: { isActive: false } });
  await db.user.create({ data: { email: 'all@staff.test', name: 'Ann', role: 'staff' } });
  await db.user.create({ data: { email: 'quiet@staff.test', name: 'Somchai', role: 'staff', alertLocale: 'th', alertsOff: ['new_booking', 'morning_digest'] } });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const mails = (to: string, template: string) => db.emailMessage.findMany({ where: { toAddress: to, template }, orderBy: { createdAt: 'asc' } });

describe('staff alerts', () => {
  it('a new booking and a slip to check email each member who wants them, in their language, once; the badge counts them', async () => {
    const before = await alertCounts(db, TEST_NOW);
    const r = await createBooking(db, completeDraft({ unitTypeCode: 'm', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(r.error);
    // The alert is a task the booking's transaction wrote (lib/platform/tasks): the worker writes the staff emails.
    await runTasks(db, { types: ['staff.new-booking'] });
    const booking = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { invoices: true, customer: true } });
    const [mail] = await mails('all@staff.test', 'staff_new_booking');
    expect(mail.subject).toBe(`New booking ${booking.reference}`);
    // What the booking says, as booked (the submit hands the alert what it wrote).
    expect(mail.text).toContain(`${booking.customer.firstName} ${booking.customer.lastName} booked a M unit (${booking.reference}), paying by Bank transfer: ${formatTHB(booking.totalDueToday, 'en')}.`);
    expect(mail.text).toContain('/admin/bookings');
    expect(await mails('quiet@staff.test', 'staff_new_booking')).toHaveLength(0);

    // The customer says the transfer was sent, twice: one alert to each member, the Thai one in Thai.
    for (let i = 0; i < 2; i++) expect(await recordOfflinePayment(db, { invoiceId: booking.invoices[0].id, method: 'bank_transfer', proofId: null, now: TEST_NOW })).toMatchObject({ ok: true });
    expect(await mails('all@staff.test', 'staff_slip_to_check')).toHaveLength(1);
    const [thai] = await mails('quiet@staff.test', 'staff_slip_to_check');
    expect(thai.subject).toBe(`การชำระเงินรอตรวจสอบ: ${booking.reference}`);

    const after = await alertCounts(db, new Date(TEST_NOW.getTime() + 60_000));
    expect(after.counts.new_booking).toBe(before.counts.new_booking + 1);
    expect(after.counts.slip_to_check).toBe(before.counts.slip_to_check + 1);
    expect(after.total).toBeGreaterThan(before.total);
  });

  it('the 08:00 digest and the cash payers expected today go out once, however often the job runs', async () => {
    const r = await createBooking(db, completeDraft({ unitTypeCode: 'm', paymentMethod: 'cash', paymentStatus: 'pending_arrival', contact: { ...completeDraft().contact, email: 'cash-today@example.com' } }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(r.error);
    const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } });
    const eight = new Date(`${b.holdExpiresAt!.toISOString().slice(0, 10)}T08:00:00+07:00`);
    // The hold ends today in Bangkok (the test moment's day) or tomorrow; digest on the day it ends.
    const digestAt = b.holdExpiresAt! < eight ? new Date(eight.getTime() - 86_400_000) : eight;
    expect(JOBS['staff-digest'].schedule).toBe('0 8 * * *');
    const first = await runDueSlots(db, digestAt, 'schedule', ['staff-digest']);
    const second = await runDueSlots(db, new Date(digestAt.getTime() + 5), 'schedule', ['staff-digest']);
    expect(first['staff-digest']).toBe('succeeded');
    expect(second['staff-digest']).toBe('taken');
    // Run as of the same moment again (another path, e.g. "Run now"): the dedupe keys send nothing more.
    await sendMorningDigest(db, digestAt);
    const digests = await mails('all@staff.test', 'staff_morning_digest');
    expect(digests).toHaveLength(1);
    expect(digests[0].text).toContain('Move-ins today');
    expect(digests[0].text).toContain('Units to overlock');
    expect(await mails('quiet@staff.test', 'staff_morning_digest')).toHaveLength(0);
    const cash = await mails('quiet@staff.test', 'staff_cash_due_today');
    expect(cash.map((m) => m.subject)).toContain(`ลูกค้าชำระเงินสดวันนี้: ${b.reference}`);
    expect((await mails('all@staff.test', 'staff_cash_due_today')).filter((m) => m.subject.includes(b.reference))).toHaveLength(1);
  });

  it('a failed job emails staff once per run', async () => {
    const def = JOBS['purge-rate-limits'] as JobDefinition;
    const original = def.run;
    def.run = async () => {
      throw new Error('the disk is full');
    };
    try {
      const at = new Date('2027-03-10T03:30:00+07:00');
      expect((await runDueSlots(db, at, 'schedule', ['purge-rate-limits']))['purge-rate-limits']).toBe('failed');
    } finally {
      def.run = original;
    }
    const [mail] = await mails('all@staff.test', 'staff_job_failed');
    expect(mail.subject).toBe('Job failed: purge-rate-limits');
    expect(mail.text).toContain('the disk is full');
    expect((await alertCounts(db)).counts.job_failed).toBe(1);
  });

  it('a chat waiting for a person is counted and alerted once until a staff member answers', async () => {
    const before = (await alertCounts(db)).counts.chat_waiting;
    const c = await db.chatConversation.create({ data: { sessionId: 'alert-session', status: 'taken_over', takenOverAt: new Date() } });
    await db.chatMessage.create({ data: { conversationId: c.id, senderType: 'user', text: 'Hello, anyone there?' } });
    expect((await alertCounts(db)).counts.chat_waiting).toBe(before + 1);
    await alertChatWaiting(db, c.id);
    await alertChatWaiting(db, c.id);
    expect(await mails('all@staff.test', 'staff_chat_waiting')).toHaveLength(1);
    // Staff answer: nothing waits; the visitor's next message is a new alert.
    await db.chatMessage.create({ data: { conversationId: c.id, senderType: 'staff', text: 'Yes, how can I help?', createdAt: new Date(Date.now() + 1000) } });
    expect((await alertCounts(db)).counts.chat_waiting).toBe(before);
    await db.chatMessage.create({ data: { conversationId: c.id, senderType: 'user', text: 'My unit size?', createdAt: new Date(Date.now() + 2000) } });
    await alertChatWaiting(db, c.id);
    expect(await mails('all@staff.test', 'staff_chat_waiting')).toHaveLength(2);
  });
});
