import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { postgresTestUrl } from '@/test/db';
import { consumeRateLimit } from '@/lib/rate-limit';
import { runTasks } from '@/lib/jobs/tasks';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { createBooking } from './create-booking';

/**
 * A booking submit runs at most 4 database transactions inside the request (issue 39): the action's rate limit (two
 * statements on the database, none in the production layout's Redis) and one transaction that reads, then reserves;
 * the confirmation email and the staff alert are tasks written by the reservation and run by the task worker after the
 * answer. Counted on PostgreSQL by the data layer's observer (lib/db/guarded-adapter.ts): each explicit transaction, and
 * each statement outside one (PostgreSQL runs it as a transaction of its own).
 */
const url = postgresTestUrl();
const BUDGET = 4;
/**
 * Statements in the request, each a round trip on the app's CPU and the kernel's (docs/performance.md, "Booking
 * submits"), BEGINs aside: 17 (and two BEGINs) with the reads in a transaction of their own and the snapshot, the
 * invoice's lines, the queued confirmation's row and the tasks in statements of their own; 12 (one BEGIN) since the
 * reads open the reservation's transaction and those writes ride on the payment's insert (lib/booking/reserve.ts).
 */
const REQUEST_STATEMENTS = 12;
/**
 * Round trips from the locks being granted to the end of the commit: the person's (the hold limits: email, phone,
 * device, network) and the unit type's, both taken by the payment's insert, then one statement (the person's holds, the
 * pick with the unit's hold and audit row, the invoice's number) and the commit. Every submit from one network (a
 * hotel, an office, a mobile carrier's shared address) and every submit of one type waits that long for the one
 * before, and every booking in the business waits from the invoice number's counter to the commit
 * (lib/booking/reserve.ts). Under the person's lock: 16 before the booking was written ahead of it, 5 before the count
 * took the type's lock, 4 before the locks rode on the payment's insert and the number joined the pick, 3 before the
 * count joined it too. Under the type's: 8 before issue 43's second pass, then 3.
 */
const UNDER_LOCKS = 2;
/**
 * Statements the task worker runs after one submit (the confirmation, the staff alert, their claims and records), each
 * a round trip on the app's CPU and the kernel's (README "Performance", booking submits): 24 before the staff email's
 * row and its claimed delivery became one statement (lib/platform/tasks/queue.ts startTaskAfter) and an email's outcome
 * and its booking's snapshot another (lib/platform/mail/send.ts); 20 before the confirmation read its unit and unit type
 * only when it shows them (lib/booking/confirmation-email.tsx); 18 before a sent staff email's outcome marked its
 * claimed task succeeded in the same statement (lib/platform/mail/send.ts recordAttempt); 17 before the confirmation
 * read its snapshot and whether its address proved itself in one statement (lib/email/address-budget.ts). 15 once the
 * process holds staff's translation overrides (a copy per change, lib/i18n/overrides.ts): the first task reads them.
 */
const AFTER_BUDGET = 16;

describe.skipIf(!url)('the booking submit on PostgreSQL', () => {
  let db: Db;
  let close: () => Promise<void>;
  const counted = { transactions: 0, alone: 0, statements: 0 };
  /** the statements in order ('begin' where a transaction starts; a lone statement prefixed 'alone: ') */
  let trail: string[] = [];
  const reset = () => {
    Object.assign(counted, { transactions: 0, alone: 0, statements: 0 });
    trail = [];
  };
  beforeAll(() => {
    ({ db, close } = createPrismaClient(
      { kind: 'postgres', url: url! },
      {
        observe: {
          transaction: () => {
            counted.transactions++;
            trail.push('begin');
          },
          statement: (sql, inTransaction) => {
            trail.push(inTransaction ? sql : `alone: ${sql}`);
            counted.statements++;
            if (!inTransaction) counted.alone++;
          },
        },
      },
    ));
  });
  afterAll(() => close?.());

  it.each(['cash', 'bank_transfer'] as const)(`a %s submit runs at most ${BUDGET} transactions in the request; the follow-up work runs after, as tasks`, async (method) => {
    const draft = completeDraft({ unitTypeCode: 's', paymentMethod: method, contact: { ...completeDraft().contact, email: `budget-${method}@example.com` } });
    reset();
    // What the server action does in the request: its rate limit (lib/actions/action.ts), then the submit.
    await consumeRateLimit(db, 'bookingSubmit', '203.0.113.9');
    const r = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null });
    const inRequest = { ...counted };
    const requestTrail = trail;
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(inRequest.transactions + inRequest.alone).toBeLessThanOrEqual(BUDGET);
    expect(inRequest.transactions).toBe(1);
    expect(inRequest.statements).toBeLessThanOrEqual(REQUEST_STATEMENTS);
    // From the locks to the end of their transaction (its COMMIT is the last statement): one statement takes them all,
    // the person's then the type's (lib/booking/hold-limits.ts holdLocksQuery), and no later one takes another.
    const locks = requestTrail.findIndex((sql) => sql.includes('pg_advisory_xact_lock(hashtext(k))') && sql.includes('INSERT INTO payments'));
    expect(locks).toBeGreaterThan(0);
    expect(requestTrail.findIndex((sql, i) => i > locks && sql.includes('pg_advisory_xact_lock'))).toBe(-1);
    const underLocks = requestTrail.indexOf('COMMIT', locks) - locks;
    expect(underLocks).toBeGreaterThan(0);
    expect(underLocks).toBeLessThanOrEqual(UNDER_LOCKS);
    // The confirmation and the staff alert were written with the booking, and nothing was sent yet.
    expect(await db.task.count({ where: { dedupeKey: { in: [`email:booking_confirmation:${r.bookingId}`, `staff.new-booking:${r.bookingId}`] }, status: 'pending' } })).toBe(2);
    reset();
    const after = await runTasks(db, { types: ['email.deliver', 'staff.new-booking'] });
    const byWorker = { ...counted };
    expect(after.succeeded).toBeGreaterThanOrEqual(2);
    expect((await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `booking_confirmation:${r.bookingId}` } })).status).toBe('sent');
    expect((await db.bookingSnapshot.findUniqueOrThrow({ where: { bookingId: r.bookingId } })).emailStatus).toBe('sent');
    expect(byWorker.statements + byWorker.transactions).toBeLessThanOrEqual(AFTER_BUDGET);
    // Reported for the README's performance notes: what the submit used to run in the request is now the worker's.
    console.info(
      `submit (${method}): ${inRequest.transactions} transactions + ${inRequest.alone} lone statements in the request (${inRequest.statements} statements, ${underLocks} round trips after the locks); ` +
        `after it, by the task worker: ${byWorker.transactions} transactions + ${byWorker.alone} lone statements (${byWorker.statements + byWorker.transactions} round trips, BEGINs included)`,
    );
  });

  it('a burst of submits: their follow-up tasks read the settings and the staff list once per batch of the worker', async () => {
    const SUBMITS = 8;
    for (let i = 0; i < SUBMITS; i++) {
      const draft = completeDraft({ unitTypeCode: 's', paymentMethod: 'cash', contact: { ...completeDraft().contact, email: `burst-${i}@example.com` } });
      expect((await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null })).ok).toBe(true);
    }
    reset();
    const after = await runTasks(db, { types: ['email.deliver', 'staff.new-booking'] });
    expect(after.succeeded).toBe(2 * SUBMITS);
    const reads = (table: string) => trail.filter((sql) => sql.includes(`FROM "public"."${table}"`)).length;
    // One batch (up to 20 tasks): 8 confirmations and 8 staff alerts, one read of the staff list and one of each set of settings.
    expect(reads('users')).toBe(1);
    expect(reads('settings')).toBeLessThanOrEqual(2);
  });
});
