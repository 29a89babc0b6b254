import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { completeDraft, example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { book, paidRental, rentalDraft } from '@/test/fixtures/rentals';
import {
  cancelBooking,
  confirmBooking,
  endRental,
  moveIn,
  recordCashPayment,
  rejectPayment,
  verifyPayment,
} from './commands';
import { issueStaffInvoice } from '@/lib/billing/staff-documents';
import { setUnitState } from '@/lib/catalog/commands';
import { RentalFailure } from './failure';
import { runTasks } from '@/lib/jobs/tasks';
import { WAITING_LIST_OFFER } from '@/lib/waiting-list/offer-task';

const { db, close } = await openTestDb();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'booking-actions-'));
const actor = { id: 'staff-1', email: 'staff@example.test' };

beforeAll(() => setEnvForTests({ RESEND_API_KEY: undefined, EMAIL_OUTBOX_DIR: tmp, UPLOAD_DIR: tmp }));
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const refused = async (p: Promise<unknown>) => {
  const error = await p.then(() => null, (e: unknown) => e);
  return error instanceof RentalFailure ? error.code : `not refused (${String(error)})`;
};
const auditOf = (bookingId: string) => db.auditLog.findMany({ where: { entityId: bookingId }, orderBy: { createdAt: 'asc' } });
const state = (id: string) => db.booking.findUniqueOrThrow({ where: { id }, include: { heldUnit: true, refunds: true, invoices: true, payments: true } });

describe('staff booking actions', () => {
  it('bank transfer: refused out of order, then verified, moved in and ended, each with its audit row', async () => {
    const id = await book(db, example2());
    const before = await state(id);
    expect(before.paymentStatus).toBe('pending_bank_transfer');

    expect(await refused(moveIn(db, { bookingId: id, unitId: before.heldUnit!.id }, actor))).toBe('not_allowed');
    expect(await refused(endRental(db, { bookingId: id, feesSatang: 0, feesNote: '' }, actor, null))).toBe('not_allowed');
    expect(await refused(confirmBooking(db, { bookingId: id }, actor))).toBe('not_allowed');
    expect(await auditOf(id)).toHaveLength(0);

    await verifyPayment(db, { bookingId: id }, actor);
    const verified = await state(id);
    expect(verified.status).toBe('confirmed');
    expect(verified.paymentStatus).toBe('paid');
    expect(verified.invoices.every((i) => i.status === 'paid')).toBe(true);
    expect(await refused(verifyPayment(db, { bookingId: id }, actor))).toBe('not_allowed');

    // The identity is not verified yet: the hand-over needs a reason, which the move's audit row keeps.
    expect(await refused(moveIn(db, { bookingId: id, unitId: verified.heldUnit!.id }, actor))).toBe('move_in_reason_required');
    expect(await refused(moveIn(db, { bookingId: id, unitId: verified.heldUnit!.id, reason: ' ' }, actor))).toBe('move_in_reason_required');
    await moveIn(db, { bookingId: id, unitId: verified.heldUnit!.id, reason: 'passport seen at the counter' }, actor);
    const moved = (await auditOf(id)).find((a) => a.action === 'booking.moveIn');
    expect((moved?.data as { after?: unknown })?.after).toMatchObject({ reason: 'passport seen at the counter', exceptions: ['identity'] });
    const active = await state(id);
    expect(active.status).toBe('active');
    // No PIN is typed at move-in any more: the site issues it once the identity is verified (lib/gate/pin.ts).
    expect(active.heldUnit).toMatchObject({ status: 'occupied', gateCode: null });
    expect(await refused(cancelBooking(db, { bookingId: id, refundSatang: 0, reason: 'late' }, actor, null))).toBe('not_allowed');

    const deposit = (active.quote as { securityDeposit: number }).securityDeposit;
    const ended = await endRental(db, { bookingId: id, feesSatang: 50_000, feesNote: 'cleaning' }, actor, null);
    expect(ended).toEqual({ depositSatang: deposit, refundSatang: deposit - 50_000, creditNotes: [] });
    const after = await state(id);
    expect(after.status).toBe('ended');
    expect(after.heldUnit).toBeNull();
    expect(await db.unit.findUniqueOrThrow({ where: { id: active.heldUnit!.id } })).toMatchObject({ status: 'available', gateCode: null });
    expect(after.refunds).toMatchObject([{ amountSatang: deposit - 50_000, provider: 'manual' }]);
    // Every refund has its credit note; the deposit carries no VAT, so its refund credits none.
    const notes = await db.creditNote.findMany({ where: { invoice: { bookingId: id } } });
    expect(notes).toMatchObject([{ amountSatang: deposit - 50_000, vatSatang: 0 }]);
    expect(notes[0].number).toMatch(/^CN-\d{4}-\d{6}$/);

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['booking.confirm', 'booking.verifyPayment', 'booking.moveIn', 'booking.end']);
    expect(audit.every((a) => a.actorEmail === actor.email)).toBe(true);
    // The gate PIN opens the gate: it never lands in the log.
    expect(JSON.stringify(audit)).not.toContain('4821');
  });

  it('a rejected slip sends the booking back to waiting for the transfer, and keeps the hold', async () => {
    const id = await book(db, example2({ contact: { ...example2().contact, email: 'reject@example.com' } }));
    await rejectPayment(db, { bookingId: id, reason: 'Amount does not match' }, actor);
    const b = await state(id);
    expect(b).toMatchObject({ status: 'reserved', paymentStatus: 'pending_bank_transfer' });
    expect(b.holdExpiresAt).not.toBeNull();
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['booking.rejectPayment']);
  });

  it('cash: only the exact amount due confirms; a cancellation refunds it and frees the unit', async () => {
    const id = await book(db, rentalDraft('m', 'cash', { contact: { ...completeDraft().contact, email: 'cash@example.com' } }));
    const b = await state(id);
    expect(await refused(recordCashPayment(db, { bookingId: id, amountSatang: b.totalDueToday - 100 }, actor))).toBe('amount_mismatch');
    await recordCashPayment(db, { bookingId: id, amountSatang: b.totalDueToday }, actor);
    expect((await state(id)).status).toBe('confirmed');

    expect(await refused(cancelBooking(db, { bookingId: id, refundSatang: b.totalDueToday + 1, reason: 'changed plans' }, actor, null))).toBe('refund_too_large');
    await cancelBooking(db, { bookingId: id, refundSatang: b.totalDueToday, reason: 'changed plans' }, actor, null);
    const after = await state(id);
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(after.refunds).toMatchObject([{ amountSatang: b.totalDueToday, provider: 'manual' }]);
    expect(await db.unit.findUniqueOrThrow({ where: { id: b.heldUnit!.id } })).toMatchObject({ status: 'available', currentBookingId: null });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['booking.confirm', 'booking.recordCash', 'booking.cancel']);
  });

  it('ending settles in one step: open invoices credited, the unit to cleaning, then back in service and offered to the first in line', async () => {
    const id = await paidRental(db, { unitTypeCode: 'm', method: 'bank_transfer', email: 'end-credit@example.com', verifiedBy: actor });
    const confirmed = await state(id);
    await moveIn(db, { bookingId: id, unitId: confirmed.heldUnit!.id, reason: 'identity checked by hand' }, actor);
    const unitId = confirmed.heldUnit!.id;
    const fee = await issueStaffInvoice(db, { bookingId: id, fees: { cleaning: 1 }, supplies: {} }, actor, TEST_NOW, { sendEmail: false });
    const first = await db.waitingListEntry.create({ data: { unitTypeId: confirmed.unitTypeId, name: 'First', email: 'first@example.com', locale: 'en', confirmedAt: TEST_NOW, createdAt: new Date('2026-01-01T00:00:00Z') } });
    await db.waitingListEntry.create({ data: { unitTypeId: confirmed.unitTypeId, name: 'Second', email: 'second@example.com', locale: 'en', confirmedAt: TEST_NOW, createdAt: new Date('2026-01-02T00:00:00Z') } });

    const ended = await endRental(db, { bookingId: id, feesSatang: 0, feesNote: '', openInvoices: 'credit', unitAfter: 'maintenance' }, actor, null);
    expect(ended.creditNotes).toHaveLength(1);
    const invoice = await db.invoice.findUniqueOrThrow({ where: { id: fee.id }, include: { creditNotes: true } });
    expect(invoice.status).toBe('void');
    expect(invoice.creditNotes).toMatchObject([{ number: ended.creditNotes[0], amountSatang: invoice.totalSatang }]);
    // Deposit back in full, with its own credit note without VAT.
    expect(await db.creditNote.findMany({ where: { invoice: { bookingId: id }, vatSatang: 0, amountSatang: ended.depositSatang } })).toHaveLength(1);
    expect(await db.unit.findUniqueOrThrow({ where: { id: unitId } })).toMatchObject({ status: 'maintenance', currentBookingId: null, gateCode: null });
    // Into cleaning: no offer task for the worker to run.
    await runTasks(db, { types: [WAITING_LIST_OFFER.type] });
    expect(await db.waitingListOffer.count({ where: { unitId } })).toBe(0);

    await setUnitState(db, actor, { unitId, state: 'available' });
    // The offer is the task the change wrote; the worker runs it once the change commits.
    await runTasks(db, { types: [WAITING_LIST_OFFER.type] });
    const offers = await db.waitingListOffer.findMany({ where: { unitId } });
    expect(offers).toMatchObject([{ entryId: first.id, status: 'offered' }]);
    expect(await db.unit.findUniqueOrThrow({ where: { id: unitId } })).toMatchObject({ status: 'reserved', currentBookingId: null });
    // One email to the first in line, none to the second.
    expect(await db.emailMessage.count({ where: { toAddress: 'first@example.com', template: 'waiting_list_offer' } })).toBe(1);
    expect(await db.emailMessage.count({ where: { toAddress: 'second@example.com' } })).toBe(0);
  });

  it('ending with invoices kept due leaves them open, and the freed unit goes straight to the waiting list', async () => {
    await db.waitingListOffer.updateMany({ data: { status: 'expired' } });
    const id = await paidRental(db, { unitTypeCode: 'm', method: 'bank_transfer', email: 'end-keep@example.com', verifiedBy: actor });
    const confirmed = await state(id);
    await moveIn(db, { bookingId: id, unitId: confirmed.heldUnit!.id, reason: 'identity checked by hand' }, actor);
    const fee = await issueStaffInvoice(db, { bookingId: id, fees: { cut_lock: 1 }, supplies: {} }, actor, TEST_NOW, { sendEmail: false });
    const ended = await endRental(db, { bookingId: id, feesSatang: 0, feesNote: '', openInvoices: 'keep', unitAfter: 'available' }, actor, null);
    expect(ended.creditNotes).toEqual([]);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: fee.id } })).status).toBe('open');
    await runTasks(db, { types: [WAITING_LIST_OFFER.type] });
    const offer = await db.waitingListOffer.findFirstOrThrow({ where: { unitId: confirmed.heldUnit!.id } });
    expect(offer.status).toBe('offered');
    // A second end is refused with nothing written.
    const audits = await db.auditLog.count();
    expect(await refused(endRental(db, { bookingId: id, feesSatang: 0, feesNote: '' }, actor, null))).toBe('not_allowed');
    expect(await db.auditLog.count()).toBe(audits);
  });
});
