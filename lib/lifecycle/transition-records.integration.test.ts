import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { canMove, LifecycleError, lifecycleMessage, transition, transitionEach } from './index';

// What one move writes besides the state (docs/product-rules.md#lifecycle): the fields given with it, one audit row
// naming who, what, the record and both states, and, for a unit back on sale, nobody's booking and no gate code.

const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-records-'));
let bookingId: string;
let paymentId: string;
let invoiceId: string;
let heldUnitId: string;
let staff: { id: string; email: string };

beforeAll(async () => {
  setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp });
  // The booking (type m, the worked example's) holds a unit: two of this file's own, so on PostgreSQL, where the run's
  // files share one database and its units, the type never runs down to its last one (an unpaid hold may not take it).
  const m = await db.unitType.findUniqueOrThrow({ where: { code: 'm' } });
  await db.unit.createMany({ data: Array.from({ length: 2 }, (_, i) => ({ number: `M-LR${i}`, unitTypeId: m.id, status: 'available' as const })) });
  const r = await createBooking(db, completeDraft({ unitTypeCode: 'm', paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(r.error);
  const b = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { payments: true, invoices: true, heldUnit: true } });
  bookingId = b.id;
  paymentId = b.payments[0].id;
  invoiceId = b.invoices[0].id;
  heldUnitId = b.heldUnit!.id;
  const admin = await db.user.findFirstOrThrow({ where: { role: 'admin' } });
  staff = { id: admin.id, email: admin.email };
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const lastAudit = () => db.auditLog.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });

describe('a move writes its fields and one audit row', () => {
  it('booking: the state, the fields given, and the staff member, both states, the extra facts and the note in the log', async () => {
    const at = new Date('2026-11-22T06:00:00.000Z');
    const moved = await db.$transaction((tx) => transition(tx, 'booking', bookingId, 'confirm', { actor: staff, data: { confirmedAt: at }, audit: { because: 'paid at the counter' }, note: 'checked by phone' }));
    expect(moved).toEqual({ from: 'reserved', to: 'confirmed' });
    const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect(b.status).toBe('confirmed');
    expect(b.confirmedAt?.toISOString()).toBe(at.toISOString());
    const audit = await lastAudit();
    expect(audit).toMatchObject({ actorId: staff.id, actorEmail: staff.email, action: 'booking.confirm', entity: 'booking', entityId: bookingId });
    expect(audit.data).toEqual({ before: { status: 'reserved' }, after: { status: 'confirmed', because: 'paid at the counter' }, note: 'checked by phone' });
  });

  it('delinquency: the stage is its own column of the booking; the system is the actor when none is given', async () => {
    const moved = await db.$transaction((tx) => transition(tx, 'delinquency', bookingId, 'suspend', { data: { accessSuspendedAt: TEST_NOW } }));
    expect(moved).toEqual({ from: 'current', to: 'suspended' });
    const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect({ status: b.status, delinquency: b.delinquency, accessSuspendedAt: b.accessSuspendedAt?.toISOString() }).toEqual({ status: 'confirmed', delinquency: 'suspended', accessSuspendedAt: TEST_NOW.toISOString() });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ actorId: null, actorEmail: null, action: 'delinquency.suspend', entity: 'booking', entityId: bookingId });
    expect(audit.data).toEqual({ before: { delinquency: 'current' }, after: { delinquency: 'suspended' }, note: null });
  });

  it("payment and invoice: each logged on its own record; a rejected transfer waits for a transfer again (the row's method)", async () => {
    await db.$transaction((tx) => transition(tx, 'payment', paymentId, 'uploadProof'));
    expect(await db.$transaction((tx) => transition(tx, 'payment', paymentId, 'reject'))).toEqual({ from: 'proof_uploaded', to: 'pending_bank_transfer' });
    await db.$transaction((tx) => transition(tx, 'payment', paymentId, 'verify', { actor: staff, data: { paidAt: TEST_NOW } }));
    expect(await db.payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({ status: 'paid', paidAt: TEST_NOW });
    expect(await lastAudit()).toMatchObject({ action: 'payment.verify', entity: 'payment', entityId: paymentId, data: { before: { status: 'pending_bank_transfer' }, after: { status: 'paid' }, note: null } });
    await db.$transaction((tx) => transition(tx, 'invoice', invoiceId, 'pay', { data: { paidAt: TEST_NOW } }));
    expect(await db.invoice.findUniqueOrThrow({ where: { id: invoiceId } })).toMatchObject({ status: 'paid', paidAt: TEST_NOW });
    expect(await lastAudit()).toMatchObject({ action: 'invoice.pay', entity: 'invoice', entityId: invoiceId, data: { before: { status: 'open' }, after: { status: 'paid' } } });
  });

  it("unit: back on sale it belongs to nobody and has no gate code; into maintenance it keeps both", async () => {
    await db.unit.update({ where: { id: heldUnitId }, data: { gateCode: '4821' } });
    await db.$transaction((tx) => transition(tx, 'unit', heldUnitId, 'occupy'));
    await db.$transaction((tx) => transition(tx, 'unit', heldUnitId, 'service'));
    expect(await db.unit.findUniqueOrThrow({ where: { id: heldUnitId } })).toMatchObject({ status: 'maintenance', currentBookingId: bookingId, gateCode: '4821' });
    expect(await lastAudit()).toMatchObject({ action: 'unit.service', entity: 'unit', entityId: heldUnitId, data: { before: { status: 'occupied' }, after: { status: 'maintenance' } } });
    await db.$transaction((tx) => transition(tx, 'unit', heldUnitId, 'backInService'));
    expect(await db.unit.findUniqueOrThrow({ where: { id: heldUnitId } })).toMatchObject({ status: 'available', currentBookingId: null, gateCode: null });
  });
});

describe('units freed by a move are handed on to their waiting list', () => {
  it('transitionEach moves the units the table allows; only a unit back on sale is handed on, not one into maintenance', async () => {
    const m = await db.unitType.findUniqueOrThrow({ where: { code: 'm' } });
    const [x, y] = await Promise.all(['M-LF0', 'M-LF1'].map((number, i) => db.unit.create({ data: { number, unitTypeId: m.id, status: i === 0 ? 'maintenance' : 'available' } })));
    const offers = (id: string) => db.task.count({ where: { dedupeKey: { startsWith: `waiting_list.offer:${id}:` } } });
    const moved = await db.$transaction((tx) => transitionEach(tx, 'unit', [x.id, y.id], 'backInService', { offerToWaitingList: { at: new Date() } }));
    // y was on sale already: refused and left alone.
    expect(moved).toEqual([{ id: x.id, from: 'maintenance', to: 'available' }]);
    expect([await offers(x.id), await offers(y.id)]).toEqual([1, 0]);
    await db.$transaction((tx) => transition(tx, 'unit', x.id, 'service', { offerToWaitingList: { at: new Date() } }));
    expect(await offers(x.id)).toBe(1);
    expect(await db.$transaction((tx) => transitionEach(tx, 'unit', [], 'backInService', { offerToWaitingList: { at: new Date() } }))).toEqual([]);
    // A move that frees a unit meant for someone already (an offer taken up) hands nothing on.
    await db.$transaction((tx) => transition(tx, 'unit', x.id, 'backInService'));
    expect(await offers(x.id)).toBe(1);
  });
});

describe('a refused move', () => {
  it('names the machine, the state and the action, and writes nothing', async () => {
    const audits = await db.auditLog.count();
    const refused = await db.$transaction((tx) => transition(tx, 'invoice', invoiceId, 'void')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LifecycleError);
    expect(refused).toMatchObject({ code: 'not_allowed', machine: 'invoice', action: 'void', from: 'paid', message: 'invoice paid: "void" is not allowed' });
    const missing = await db.$transaction((tx) => transition(tx, 'unit', 'no-such-unit', 'hold')).catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'not_allowed', from: null, message: 'unit missing: "hold" is not allowed' });
    expect(await db.auditLog.count()).toBe(audits);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoiceId } })).status).toBe('paid');
    // What staff and customers read, in their language.
    expect(lifecycleMessage('en', refused as LifecycleError)).toBe('This change is not allowed: the invoice is paid, and “void” cannot be done from there. Nothing was changed.');
    expect(lifecycleMessage('en', new LifecycleError('booking', 'moveIn', 'ended'))).toContain('the booking is ended, and “moveIn”');
    expect(lifecycleMessage('th', refused as LifecycleError)).toContain('ใบแจ้งหนี้');
    expect(lifecycleMessage('ru', refused as LifecycleError)).toContain('счёт');
    expect(lifecycleMessage('en', missing as LifecycleError)).toBe('This record no longer exists. Nothing was changed.');
  });

  it('canMove answers the table without touching anything', () => {
    expect(canMove('booking', 'reserved', 'confirm')).toBe(true);
    expect(canMove('booking', 'ended', 'confirm')).toBe(false);
  });
});
