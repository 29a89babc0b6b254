import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, postgresTestUrl } from '@/test/db';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { settlePayment } from '@/lib/payments/ledger/settle';
import { runTasks } from '@/lib/jobs/tasks';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { JOBS, type JobDefinition, type JobName } from './index';
import { retryDueRuns, runJobNow, slotAt } from './runner';
import { runDueSlots } from './scheduler';
import { catchUpMoment, JobRequestFailure, jobsOverview, runJobForStaff } from './admin';

/** Noon in Bangkok on a calendar day. */
const day = (iso: string, time = '12:00:00') => new Date(`${iso}T${time}+07:00`);

/** Swaps a job's work for a counter (the registry is the scheduler's only source, so this is what it runs). */
function countRuns(job: JobName, fail = () => false) {
  const def = JOBS[job] as JobDefinition;
  const original = def.run;
  const calls: Date[] = [];
  def.run = async (_db, now) => {
    calls.push(now);
    await new Promise((r) => setTimeout(r, 50));
    if (fail()) throw new Error('the mail server said no');
    return { done: calls.length };
  };
  return { calls, restore: () => (def.run = original) };
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('jobs on the embedded database', () => {
  let db: Db;
  let close: () => Promise<void>;
  let tmp: string;
  beforeAll(async () => {
    ({ db, close } = await openTestDb());
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-jobs-'));
    setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, STRIPE_SECRET_KEY: undefined, SITE_URL: 'http://localhost:3000' });
  });
  afterAll(async () => {
    resetEnvForTests();
    await close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('slots follow the schedule in Bangkok time: billing at 06:00 and 18:00, holds every minute', () => {
    expect(slotAt('billing', day('2027-03-10', '09:30:00'))).toEqual(day('2027-03-10', '06:00:00'));
    expect(slotAt('billing', day('2027-03-10', '05:59:00'))).toEqual(day('2027-03-09', '18:00:00'));
    // A tick a few hundred milliseconds early or late still belongs to its slot.
    expect(slotAt('release-holds', new Date(day('2027-03-10', '09:31:00').getTime() - 300))).toEqual(day('2027-03-10', '09:31:00'));
    expect(slotAt('release-holds', new Date(day('2027-03-10', '09:31:00').getTime() + 300))).toEqual(day('2027-03-10', '09:31:00'));
  });

  it('a slot ticked by two servers at once, and by one 300 ms late, runs once', async () => {
    const c = countRuns('purge-rate-limits');
    restore = c.restore;
    const at = day('2027-01-05', '03:30:00');
    const [a, b] = await Promise.all([runDueSlots(db, at, 'schedule', ['purge-rate-limits']), runDueSlots(db, new Date(at.getTime() + 5), 'schedule', ['purge-rate-limits'])]);
    const late = await runDueSlots(db, new Date(at.getTime() + 300), 'schedule', ['purge-rate-limits']);
    expect([a['purge-rate-limits'], b['purge-rate-limits']].sort()).toEqual(['succeeded', 'taken']);
    expect(late['purge-rate-limits']).toBe('taken');
    expect(c.calls).toHaveLength(1);
    expect(await db.jobRun.count({ where: { job: 'purge-rate-limits', slot: at } })).toBe(1);
  });

  it('a failed run is recorded with its error and retried with backoff until it succeeds', async () => {
    let failures = 1;
    const c = countRuns('draft-reminders', () => failures-- > 0);
    restore = c.restore;
    const at = day('2027-01-06', '10:10:00');
    expect((await runDueSlots(db, at, 'schedule', ['draft-reminders']))['draft-reminders']).toBe('failed');
    const failed = await db.jobRun.findUniqueOrThrow({ where: { job_slot: { job: 'draft-reminders', slot: at } } });
    expect(failed).toMatchObject({ status: 'failed', error: 'the mail server said no', attempts: 1 });
    expect(failed.nextAttemptAt!.getTime() - failed.finishedAt!.getTime()).toBeGreaterThanOrEqual(59_000);
    // Staff see it on /admin/jobs.
    expect((await jobsOverview(db)).find((j) => j.job === 'draft-reminders')).toMatchObject({ failing: true, last: { error: 'the mail server said no' } });
    // Not before its backoff…
    expect(await retryDueRuns(db, new Date())).toEqual({ retried: 0 });
    // …then once, and it sticks.
    expect(await retryDueRuns(db, new Date(Date.now() + 61_000))).toEqual({ retried: 1 });
    expect(await db.jobRun.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ status: 'succeeded', attempts: 2, error: null, nextAttemptAt: null });
    expect(c.calls).toHaveLength(2);
  });

  it('a server that starts after a missed billing slot bills at once: the renewal of a rental whose prepaid term ended appears', async () => {
    const r = await createBooking(db, completeDraft({ unitTypeCode: 's', term: '3m', paymentMethod: 'cash', paymentStatus: 'pending_arrival' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(JSON.stringify(r));
    const payment = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    await db.$transaction((tx) => settlePayment(tx, payment.id, { now: TEST_NOW, actor: null }));
    const renewals = () => db.invoice.count({ where: { bookingId: r.bookingId, kind: 'renewal' } });
    expect(await renewals()).toBe(0);
    // Prepaid 25 Nov – 24 Feb; the server comes up at 09:00 on 20 Feb, after the 06:00 slot nobody ran.
    const outcomes = await runDueSlots(db, day('2027-02-20', '09:00:00'), 'startup');
    expect(outcomes.billing).toBe('succeeded');
    expect(await renewals()).toBe(1);
    const run = await db.jobRun.findFirstOrThrow({ where: { job: 'billing', slot: day('2027-02-20', '06:00:00') } });
    expect(run).toMatchObject({ trigger: 'startup', status: 'succeeded' });
    expect((run.result as { renewalInvoices: number }).renewalInvoices).toBe(1);
  });

  it('"Run as of a past day" runs at that day\'s scheduled time, is audited, and refuses the future', async () => {
    const c = countRuns('billing');
    restore = c.restore;
    const now = new Date();
    const yesterday = new Date(now.getTime() + 7 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    expect(catchUpMoment('billing', yesterday, now)).toEqual(day(yesterday, '06:00:00'));
    expect(() => catchUpMoment('billing', '2999-01-01', now)).toThrow(JobRequestFailure);
    expect(() => catchUpMoment('billing', '2020-01-01', now)).toThrow(JobRequestFailure);
    expect(() => catchUpMoment('billing', 'yesterday', now)).toThrow(JobRequestFailure);
    const outcome = await runJobForStaff(db, { id: 'admin-1', email: 'admin@example.test' }, 'billing', yesterday);
    expect(outcome).toMatchObject({ ran: true, status: 'succeeded' });
    expect(c.calls).toEqual([day(yesterday, '06:00:00')]);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'job.catch_up', entityId: 'billing' } });
    expect(audit).toMatchObject({ actorEmail: 'admin@example.test' });
    const run = await db.jobRun.findFirstOrThrow({ where: { job: 'billing', trigger: 'catch_up' } });
    expect(run).toMatchObject({ actorEmail: 'admin@example.test', asOf: day(yesterday, '06:00:00') });
  });

  it('a booking\'s confirmation and staff alert are tasks committed with it, and the `tasks` job delivers them once', async () => {
    // Nothing is sent inside the submit (the server may stop right after answering): the tasks wait in the table.
    const r = await createBooking(db, completeDraft({ unitTypeCode: 'm', paymentMethod: 'bank_transfer', contact: { ...completeDraft().contact, email: 'outbox@example.com' } }), {
      locale: 'th',
      now: TEST_NOW,
      stripe: null,
    });
    if (!r.ok) throw new Error(JSON.stringify(r));
    const queued = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `booking_confirmation:${r.bookingId}` } });
    expect(queued).toMatchObject({ status: 'pending', toAddress: 'outbox@example.com', attempts: 0 });
    expect(await db.task.findMany({ where: { dedupeKey: { in: [`email:booking_confirmation:${r.bookingId}`, `staff.new-booking:${r.bookingId}`] } }, select: { status: true } })).toEqual([
      { status: 'pending' },
      { status: 'pending' },
    ]);
    const result = await runJobNow(db, 'tasks', { trigger: 'manual' });
    expect(result).toMatchObject({ ran: true, status: 'succeeded' });
    const sent = await db.emailMessage.findUniqueOrThrow({ where: { id: queued.id } });
    expect(sent.status).toBe('sent');
    expect(sent.subject).toContain(r.reference);
    expect(sent.locale).toBe('th');
    expect(await db.emailMessage.count({ where: { template: 'staff_new_booking', subject: { contains: r.reference } } })).toBeGreaterThan(0);
    // A second pass finds nothing due, and the customer got one email.
    expect((await runTasks(db, { now: new Date(Date.now() + 3_600_000) })).claimed).toBe(0);
    expect(await db.emailMessage.count({ where: { toAddress: 'outbox@example.com' } })).toBe(1);
  });
});

const url = postgresTestUrl();

describe.skipIf(!url)('jobs on PostgreSQL with two servers', () => {
  let a: ReturnType<typeof createPrismaClient>;
  let b: ReturnType<typeof createPrismaClient>;
  beforeAll(() => {
    a = createPrismaClient({ kind: 'postgres', url: url! });
    b = createPrismaClient({ kind: 'postgres', url: url! });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('20 minutes ticked by two servers (one 300 ms late) run 20 times in all', async () => {
    const c = countRuns('release-holds');
    restore = c.restore;
    const start = day('2027-04-01', '10:00:00').getTime();
    for (let m = 0; m < 20; m++) {
      const at = new Date(start + m * 60_000);
      await Promise.all([
        runDueSlots(a.db, at, 'schedule', ['release-holds']),
        new Promise((r) => setTimeout(r, m % 2 ? 0 : 300)).then(() => runDueSlots(b.db, new Date(at.getTime() + 300), 'schedule', ['release-holds'])),
      ]);
    }
    expect(c.calls).toHaveLength(20);
    expect(await a.db.jobRun.count({ where: { job: 'release-holds', slot: { gte: new Date(start) } } })).toBe(20);
  });
});
