import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { postgresTestUrl } from '@/test/db';
import { consumeRateLimit } from '@/lib/rate-limit';
import { runTasks } from '@/lib/jobs/tasks';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { createBooking } from './create-booking';

/**
 * A booking submit runs at most 4 database transactions inside the request (issue 39): the action's rate limit, the
 * submit's reads, the reservation; the confirmation email and the staff alert are tasks written by the reservation and
 * run by the task worker after the answer. Counted on PostgreSQL by the data layer's observer (lib/db/guarded-adapter.ts):
 * each explicit transaction, and each statement outside one (PostgreSQL runs it as a transaction of its own).
 */
const url = postgresTestUrl();
const BUDGET = 4;
/**
 * Round trips from the unit type's lock being granted to the end of the commit (one statement: the pick with the unit's
 * hold and audit row and the invoice's number; then the commit. 8 before issue 43's second pass, 3 before the number
 * joined the pick): every other submit of the type waits that long, and every booking in the business waits from the
 * invoice number's counter to the commit (lib/booking/reserve.ts).
 */
const UNDER_TYPE_LOCK = 2;
/**
 * Round trips from the person's lock (the hold limits: email, phone, device, network) being granted to the end of the
 * commit: the statement that takes it (the payment's insert), the count with the type's lock, then what follows the
 * type's lock (16 before the booking was written ahead of the lock, 5 before the count took the type's lock, 4 before
 * the lock rode on the payment's insert and the number joined the pick). Every submit from one network (a hotel, an
 * office, a mobile carrier's shared address) waits that long for the one before.
 */
const UNDER_PERSON_LOCK = 3;

describe.skipIf(!url)('the booking submit on PostgreSQL', () => {
  let db: Db;
  let close: () => Promise<void>;
  const counted = { transactions: 0, alone: 0, statements: 0 };
  /** the request's statements in order ('begin' where a transaction starts; lone statements as 'alone') */
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
            trail.push(inTransaction ? sql : 'alone');
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
    // From each lock to the end of its transaction (its COMMIT is the last statement): the person's lock first, then
    // the type's (taken by the statement that counts the person's holds, lib/booking/hold-limits.ts).
    const personLock = requestTrail.findIndex((sql) => sql.includes('pg_advisory_xact_lock(hashtext(k))') && sql.includes('INSERT INTO payments'));
    expect(personLock).toBeGreaterThan(0);
    const typeLock = requestTrail.findIndex((sql, i) => i > personLock && sql.includes('pg_advisory_xact_lock'));
    expect(typeLock).toBeGreaterThan(personLock);
    const underLock = requestTrail.indexOf('COMMIT', typeLock) - typeLock;
    expect(underLock).toBeGreaterThan(0);
    expect(underLock).toBeLessThanOrEqual(UNDER_TYPE_LOCK);
    const underPersonLock = requestTrail.indexOf('COMMIT', personLock) - personLock;
    expect(underPersonLock).toBeLessThanOrEqual(UNDER_PERSON_LOCK);
    // The confirmation and the staff alert were written with the booking, and nothing was sent yet.
    expect(await db.task.count({ where: { dedupeKey: { in: [`email:booking_confirmation:${r.bookingId}`, `staff.new-booking:${r.bookingId}`] }, status: 'pending' } })).toBe(2);
    reset();
    const after = await runTasks(db, { types: ['email.deliver', 'staff.new-booking'] });
    expect(after.succeeded).toBeGreaterThanOrEqual(2);
    expect((await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `booking_confirmation:${r.bookingId}` } })).status).toBe('sent');
    // Reported for the README's performance notes: what the submit used to run in the request is now the worker's.
    console.info(
      `submit (${method}): ${inRequest.transactions} transactions + ${inRequest.alone} lone statements in the request (${inRequest.statements} statements, ${underLock} round trips after the type's lock, ${underPersonLock} after the person's); ` +
        `after it, by the task worker: ${counted.transactions} transactions + ${counted.alone} lone statements`,
    );
  });
});
