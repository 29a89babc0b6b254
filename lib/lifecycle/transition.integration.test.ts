import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { actionsOf, LifecycleError, lifecycleMessage, MACHINES, nextState, transition, transitionEach, type Machine } from './index';
import { runTasks } from '@/lib/jobs/tasks';
import { WAITING_LIST_OFFER } from '@/lib/waiting-list/offer-task';
import { asFixture } from '@/lib/db/status-writes';

const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-'));
let ids: Record<Machine, string>;

beforeAll(async () => {
  setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp });
  const r = await createBooking(db, completeDraft({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(r.error);
  const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { payments: true, invoices: true, heldUnit: true } });
  // A unit of nobody's: a unit holding a booking can never be available (a database check).
  const free = await db.unit.findFirstOrThrow({ where: { status: 'available', currentBookingId: null, NOT: { id: b.heldUnit!.id } } });
  ids = { booking: b.id, delinquency: b.id, payment: b.payments[0].id, invoice: b.invoices[0].id, unit: free.id };
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The row's state, set directly for the test (a fixture: the data layer refuses it anywhere else). */
function setState(machine: Machine, state: string) {
  return asFixture(() => setStateDirectly(machine, state));
}
async function setStateDirectly(machine: Machine, state: string) {
  const id = ids[machine];
  if (machine === 'booking') await asFixture(() => db.$executeRaw`UPDATE bookings SET status = ${state}::"BookingStatus" WHERE id = ${id}`);
  if (machine === 'delinquency') await asFixture(() => db.$executeRaw`UPDATE bookings SET delinquency = ${state}::"DelinquencyStage" WHERE id = ${id}`);
  if (machine === 'payment') await asFixture(() => db.$executeRaw`UPDATE payments SET status = ${state}::"PaymentStatus" WHERE id = ${id}`);
  if (machine === 'invoice') await asFixture(() => db.$executeRaw`UPDATE invoices SET status = ${state}::"InvoiceStatus" WHERE id = ${id}`);
  if (machine === 'unit') await asFixture(() => db.$executeRaw`UPDATE units SET status = ${state}::"UnitStatus" WHERE id = ${id}`);
}

async function snapshot(machine: Machine) {
  const id = ids[machine];
  const row =
    machine === 'payment'
      ? await db.payment.findUniqueOrThrow({ where: { id } })
      : machine === 'invoice'
        ? await db.invoice.findUniqueOrThrow({ where: { id } })
        : machine === 'unit'
          ? await db.unit.findUniqueOrThrow({ where: { id } })
          : await db.booking.findUniqueOrThrow({ where: { id } });
  return { row: JSON.stringify(row), audits: await db.auditLog.count() };
}

const stateOf = async (machine: Machine) => JSON.parse((await snapshot(machine)).row)[machine === 'delinquency' ? 'delinquency' : 'status'];

describe('every state × every action on the database', () => {
  for (const machine of Object.keys(MACHINES) as Machine[]) {
    it(`${machine}: moves as the table says with one audit row, or is refused with nothing written`, async () => {
      let moved = 0;
      let refused = 0;
      for (const action of actionsOf(machine)) {
        for (const from of MACHINES[machine].states) {
          await setState(machine, from);
          const before = await snapshot(machine);
          const expected = nextState(machine, from as never, action as never, { method: machine === 'payment' ? 'bank_transfer' : null });
          const outcome = await db.$transaction((tx) => transition(tx, machine, ids[machine], action as never, { data: machine === 'booking' ? { updatedAt: new Date() } : {} })).then(
            (r) => r,
            (e: unknown) => e,
          );
          if (expected.ok) {
            expect(outcome, `${machine} ${from} ${action}`).toEqual({ from, to: expected.to });
            expect(await stateOf(machine)).toBe(expected.to);
            const audit = await db.auditLog.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
            expect(audit.action).toBe(`${machine}.${action}`);
            expect((await snapshot(machine)).audits).toBe(before.audits + 1);
            moved++;
          } else {
            expect(outcome, `${machine} ${from} ${action}`).toBeInstanceOf(LifecycleError);
            expect(await snapshot(machine)).toEqual(before);
            refused++;
          }
        }
      }
      expect(moved + refused).toBe(actionsOf(machine).length * MACHINES[machine].states.length);
      expect(moved).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    });
  }

  it('a refusal reads as a clear message in each language, and a missing row is refused too', async () => {
    const e = new LifecycleError('invoice', 'pay', 'void');
    expect(lifecycleMessage('en', e)).toBe('This change is not allowed: the invoice is void, and “pay” cannot be done from there. Nothing was changed.');
    expect(lifecycleMessage('th', e)).toContain('ใบแจ้งหนี้');
    expect(lifecycleMessage('ru', e)).toContain('счёт');
    const missing = await db.$transaction((tx) => transition(tx, 'payment', 'nope', 'verify')).catch((x: unknown) => x);
    expect(missing).toBeInstanceOf(LifecycleError);
    expect(lifecycleMessage('en', missing as LifecycleError)).toBe('This record no longer exists. Nothing was changed.');
  });

  it('a state the caller read while locking the row is checked against the table like a state read here', async () => {
    await setState('unit', 'reserved');
    // The caller says it read the unit available: a hold is allowed from there, so the unit moves and is audited.
    const moved = await db.$transaction((tx) => transition(tx, 'unit', ids.unit, 'hold', { lockedFrom: 'available', data: { currentBookingId: null } }));
    expect(moved).toEqual({ from: 'available', to: 'reserved' });
    // From a state the table does not allow it from, it is refused with nothing written.
    const before = await db.auditLog.count({ where: { entityId: ids.unit } });
    const refused = await db.$transaction((tx) => transition(tx, 'unit', ids.unit, 'hold', { lockedFrom: 'reserved' })).catch((x: unknown) => x);
    expect(refused).toBeInstanceOf(LifecycleError);
    expect(await db.auditLog.count({ where: { entityId: ids.unit } })).toBe(before);
    await setState('unit', 'available');
  });

  it('transitionEach moves the rows the table allows and leaves the others; a freed unit is offered by a task of its transaction, once', async () => {
    const [a, b] = await db.unit.findMany({ where: { status: 'available', currentBookingId: null, NOT: { id: ids.unit } }, orderBy: { number: 'desc' }, take: 2 });
    await asFixture(() => db.$executeRaw`UPDATE units SET status = 'maintenance'::"UnitStatus" WHERE id = ${a.id}`);
    const entry = await db.waitingListEntry.create({ data: { unitTypeId: a.unitTypeId, name: 'Queue', email: 'queue@example.com', locale: 'en', confirmedAt: new Date() } });
    const offerTasks = () => db.task.findMany({ where: { type: WAITING_LIST_OFFER.type, dedupeKey: { startsWith: `waiting_list.offer:${a.id}:` } } });
    const runOffers = () => runTasks(db, { types: [WAITING_LIST_OFFER.type] });

    // A freeing that rolls back writes no offer: nobody is offered a unit that stayed in maintenance.
    const failed = db.$transaction(async (tx) => {
      await transitionEach(tx, 'unit', [a.id], 'backInService', { offerToWaitingList: { at: new Date() } });
      throw new Error('the change failed');
    });
    await expect(failed).rejects.toThrow('the change failed');
    expect(await offerTasks()).toEqual([]);
    expect(await runOffers()).toMatchObject({ claimed: 0 });
    expect(await db.waitingListOffer.count({ where: { unitId: a.id } })).toBe(0);

    const audits = await db.auditLog.count();
    const moved = await db.$transaction((tx) => transitionEach(tx, 'unit', [a.id, b.id], 'backInService', { offerToWaitingList: { at: new Date() } }));
    // b was available already: refused, untouched, no audit row, no offer.
    expect(moved).toEqual([{ id: a.id, from: 'maintenance', to: 'available' }]);
    expect(await db.auditLog.count()).toBe(audits + 1);
    // The offer is a task the freeing transaction wrote; nothing is offered until the worker runs it.
    expect(await offerTasks()).toMatchObject([{ status: 'pending', payload: { unitId: a.id } }]);
    expect(await db.task.count({ where: { type: WAITING_LIST_OFFER.type, dedupeKey: { startsWith: `waiting_list.offer:${b.id}:` } } })).toBe(0);
    expect(await db.waitingListOffer.count({ where: { unitId: a.id } })).toBe(0);

    expect(await runOffers()).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(await runOffers()).toMatchObject({ claimed: 0 });
    expect(await db.waitingListOffer.findMany({ where: { unitId: a.id } })).toMatchObject([{ entryId: entry.id, status: 'offered' }]);
    expect((await db.unit.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('reserved');

    // A server that stopped after the offer but before recording it runs the task again: still one offer, one email.
    const [task] = await offerTasks();
    await db.task.update({ where: { id: task.id }, data: { status: 'pending', runAt: new Date() } });
    expect(await runOffers()).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(await db.waitingListOffer.count({ where: { unitId: a.id } })).toBe(1);
    expect(await db.emailMessage.count({ where: { template: 'waiting_list_offer', toAddress: 'queue@example.com' } })).toBe(1);
  });
});
