import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { runTasks } from '@/lib/jobs/tasks';
import { alertCounts } from '@/lib/staff-alerts';
import { formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { portalRequestsFor, requestFromPortal } from './portal-requests';
import { PRIVACY_DUE_SOON_DAYS, todayItems } from '@/lib/admin/today';
import { createPrivacyRequest, listPrivacyRequests, PRIVACY_REQUEST_DAYS } from './subject';

/**
 * A customer's request from the portal (docs/product-rules.md#personal-data-pdpa) is the same row staff work from in
 * /admin/privacy, due 30 days after it arrived; the customer sees theirs and nobody else's.
 */
const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-privacy-alerts-'));
setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
const NOW = new Date('2026-11-28T05:00:00Z');

describe('requests from the portal', () => {
  it('creates the request staff see, marked portal, due 30 days later', async () => {
    const { request, created } = await requestFromPortal(db, { email: 'Porta.Person@Example.com', kind: 'correction', details: 'My phone is now 081 234 5678' }, NOW);
    expect(created).toBe(true);
    expect(request.dueAt.getTime() - NOW.getTime()).toBe(PRIVACY_REQUEST_DAYS * 86_400_000);
    const staffList = await listPrivacyRequests(db);
    const row = staffList.find((r) => r.id === request.id);
    expect(row).toMatchObject({ email: 'porta.person@example.com', kind: 'correction', source: 'portal', status: 'open', details: 'My phone is now 081 234 5678' });
  });

  it('a second press of the same kind gives back the open request; another kind is a new one', async () => {
    const first = await requestFromPortal(db, { email: 'twice@example.com', kind: 'erasure' }, NOW);
    const again = await requestFromPortal(db, { email: 'TWICE@example.com', kind: 'erasure' }, new Date(NOW.getTime() + 60_000));
    expect(again.created).toBe(false);
    expect(again.request.id).toBe(first.request.id);
    const other = await requestFromPortal(db, { email: 'twice@example.com', kind: 'export' }, NOW);
    expect(other.created).toBe(true);
    expect(await db.privacyRequest.count({ where: { email: 'twice@example.com' } })).toBe(2);
  });

  it('once staff complete it, the customer sees it answered and may ask again', async () => {
    const { request } = await requestFromPortal(db, { email: 'answered@example.com', kind: 'export' }, NOW);
    await db.privacyRequest.update({ where: { id: request.id }, data: { status: 'completed', completedAt: NOW, outcome: 'Sent by email' } });
    const seen = await portalRequestsFor(db, 'answered@example.com');
    expect(seen).toEqual([expect.objectContaining({ id: request.id, status: 'completed', outcome: 'Sent by email' })]);
    expect((await requestFromPortal(db, { email: 'answered@example.com', kind: 'export' }, NOW)).created).toBe(true);
  });

  it("lists only the customer's own requests", async () => {
    await requestFromPortal(db, { email: 'mine@example.com', kind: 'export' }, NOW);
    await requestFromPortal(db, { email: 'someone.else@example.com', kind: 'erasure' }, NOW);
    const mine = await portalRequestsFor(db, 'Mine@Example.com');
    expect(mine).toHaveLength(1);
    expect(mine[0].kind).toBe('export');
  });

  it('tells staff once per request, naming its kind and its deadline, in each member\'s language', async () => {
    await db.user.updateMany({ data: { isActive: false } });
    await db.user.create({ data: { email: 'dpo@staff.test', name: 'Ann', role: 'admin' } });
    await db.user.create({ data: { email: 'thai@staff.test', name: 'Somchai', role: 'admin', alertLocale: 'th' } });
    await db.user.create({ data: { email: 'off@staff.test', name: 'Niran', role: 'staff', alertsOff: ['privacy_request'] } });
    const before = await alertCounts(db, NOW);

    const { request } = await requestFromPortal(db, { email: 'alert.me@example.com', kind: 'erasure' }, NOW);
    // Pressed again, and again after the task worker ran: still the one request and one alert.
    await requestFromPortal(db, { email: 'alert.me@example.com', kind: 'erasure' }, NOW);
    expect(await db.task.count({ where: { type: 'staff.privacy-request', dedupeKey: `staff.privacy-request:${request.id}` } })).toBe(1);
    await runTasks(db, { types: ['staff.privacy-request'] });
    await requestFromPortal(db, { email: 'alert.me@example.com', kind: 'erasure' }, NOW);
    await runTasks(db, { types: ['staff.privacy-request'] });

    // This request's alerts (the other tests' requests alert too).
    const mails = (to: string) => db.emailMessage.findMany({ where: { toAddress: to, template: 'staff_privacy_request', dedupeKey: { startsWith: `staff_alert:privacy_request:${request.id}:` } } });
    const [en] = await mails('dpo@staff.test');
    expect(await mails('dpo@staff.test')).toHaveLength(1);
    expect(en.subject).toBe('Personal-data request: erasure of their personal data');
    const due = todayInBangkok(request.dueAt);
    expect(en.text).toContain(`The PDPA gives ${PRIVACY_REQUEST_DAYS} days to answer: by ${formatLongDate(due, 'en')}.`);
    expect(en.text).toContain('/admin/privacy');
    const [th] = await mails('thai@staff.test');
    expect(th.subject).toBe('คำขอเกี่ยวกับข้อมูลส่วนบุคคล: ขอลบข้อมูลส่วนบุคคลของตน');
    expect(th.text).toContain(`ต้องตอบภายใน ${PRIVACY_REQUEST_DAYS} วัน คือภายใน ${formatLongDate(due, 'th')}`);
    expect(await mails('off@staff.test')).toHaveLength(0);

    const after = await alertCounts(db, NOW);
    expect(after.counts.privacy_request).toBe(before.counts.privacy_request + 1);
  });

  it('withdrawing a consent, an objection and a pause are requests like the others, each named in the staff alert', async () => {
    const made = [];
    for (const kind of ['withdrawal', 'objection', 'restriction'] as const) {
      const { request, created } = await requestFromPortal(db, { email: 'rights@example.com', kind, details: kind === 'withdrawal' ? 'Please delete my selfie' : null }, NOW);
      expect(created).toBe(true);
      expect(request).toMatchObject({ kind, source: 'portal', status: 'open' });
      expect(request.dueAt.getTime() - NOW.getTime()).toBe(PRIVACY_REQUEST_DAYS * 86_400_000);
      made.push(request);
    }
    expect((await portalRequestsFor(db, 'rights@example.com')).map((r) => r.kind).sort()).toEqual(['objection', 'restriction', 'withdrawal']);
    await runTasks(db, { types: ['staff.privacy-request'] });
    const subjects = await db.emailMessage.findMany({
      where: { toAddress: 'dpo@staff.test', template: 'staff_privacy_request', OR: made.map((r) => ({ dedupeKey: { startsWith: `staff_alert:privacy_request:${r.id}:` } })) },
      select: { subject: true },
    });
    expect(subjects.map((m) => m.subject).sort()).toEqual([
      'Personal-data request: a pause in the use of their personal data',
      'Personal-data request: the withdrawal of a consent they gave',
      'Personal-data request: to object to a use of their personal data',
    ]);
  });

  it('puts open requests near or past their deadline on Today, nearest deadline first', async () => {
    const DAY = 86_400_000;
    const received = (daysLeft: number) => new Date(NOW.getTime() - (PRIVACY_REQUEST_DAYS - daysLeft) * DAY);
    const late = await createPrivacyRequest(db, { email: 'late@example.com', kind: 'export', source: 'staff' }, received(-1));
    const soon = await createPrivacyRequest(db, { email: 'soon@example.com', kind: 'erasure', source: 'portal' }, received(PRIVACY_DUE_SOON_DAYS - 1));
    const later = await createPrivacyRequest(db, { email: 'later@example.com', kind: 'export', source: 'portal' }, received(PRIVACY_DUE_SOON_DAYS + 1));
    const answered = await createPrivacyRequest(db, { email: 'done@example.com', kind: 'export', source: 'portal' }, received(1));
    await db.privacyRequest.update({ where: { id: answered.id }, data: { status: 'completed', completedAt: NOW, outcome: 'Sent' } });

    const { items } = await todayItems(db, NOW);
    const privacy = items.filter((i) => i.kind === 'privacy');
    const keys = privacy.map((i) => i.key);
    expect(keys).toContain(`privacy:${late.id}`);
    expect(keys.indexOf(`privacy:${late.id}`)).toBeLessThan(keys.indexOf(`privacy:${soon.id}`));
    expect(keys).not.toContain(`privacy:${later.id}`);
    expect(keys).not.toContain(`privacy:${answered.id}`);
    expect(privacy.find((i) => i.key === `privacy:${soon.id}`)).toMatchObject({ href: '/admin/privacy', next: 'answerRequest', customer: 'soon@example.com', text: 'erasure', dueAt: soon.dueAt });
  });
});
