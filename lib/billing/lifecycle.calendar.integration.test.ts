import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { openTestDb, postgresTestUrl } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { TEST_NOW } from '@/test/fixtures/booking-drafts';
import { bangkokNoon as day, paidRental } from '@/test/fixtures/rentals';
import { recordOfflinePayment } from '@/lib/payments/offline-payments';
import { recordCounterPayment, verifyStaffPayment } from '@/lib/payments/staff-payments';
import { givePortalNotice } from '@/lib/portal/booking-changes';
import { portalGate } from '@/lib/portal/gate';
import { endRental, moveIn } from '@/lib/rentals/commands';
import { depositOf } from '@/lib/rentals/rules';
import { addDaysISO } from '@/lib/dates/bangkok';
import { runBilling } from './run';
import { runTasks } from '@/lib/jobs/tasks';
import { WAITING_LIST_OFFER } from '@/lib/waiting-list/offer-task';
import { uploadIdentityDocuments, verifyIdentity } from '@/lib/identity/documents';
import { uniqueSlip } from '@/test/fixtures/files';

// Six months of three rentals on a simulated calendar, every day's billing job run twice (docs/product-rules.md#lifecycle).
// What lib/billing/month-after-month.integration.test.ts already proves on chosen days (a slip verified from the
// queue, a rejected slip, a part payment, a credited period after a notice) is not repeated; this walks every day:
//   - a cash payer who pays each month at the counter on its due date: never a late fee, never suspended;
//   - a transfer payer who pays each month by slip, gives notice, moves out, and is settled in one step: nothing
//     invoiced after the move-out date, the deposit refunded with a credit note without VAT, the unit offered to the
//     first person on the waiting list;
//   - a late payer suspended on day 11 (the portal hides the PIN) who pays at the counter and has it back at once.
const url = postgresTestUrl();
let db: Db;
let close: () => Promise<void>;
let tmp: string;
const staff = { id: 'staff-cal', email: 'staff@example.test' };

beforeAll(async () => {
  ({ db, close } = url ? createPrismaClient({ kind: 'postgres', url }) : await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-calendar-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});


/** A month-to-month rental from 25 Nov 2026, first month paid, moved in, identity verified (so its PIN issued). Unit type
 * m4, which no other integration test books: on PostgreSQL the run's files share one database and its units. */
async function rental(method: 'cash' | 'bank_transfer', email: string) {
  const id = await paidRental(db, { unitTypeCode: 'm4', term: 'm2m', method, email });
  const b = await db.booking.findUniqueOrThrow({ where: { id }, include: { heldUnit: true } });
  await moveIn(db, { bookingId: b.id, unitId: b.heldUnit!.id, reason: 'test: handed over before the ID check' }, staff, day('2026-11-25'));
  // The site issues the PIN once the first payment is in and the identity is verified.
  await uploadIdentityDocuments(db, b.id, { kind: 'passport', document: { bytes: await uniqueSlip(), name: 'passport.png' } });
  await verifyIdentity(db, b.id, staff, day('2026-11-25'));
  return b.id;
}

const openRent = (bookingId: string) => db.invoice.findMany({ where: { bookingId, status: 'open' }, orderBy: { dueAt: 'asc' } });
const gateOf = async (id: string) => portalGate(await db.booking.findUniqueOrThrow({ where: { id } }));

/** Everything a billing run could write, to prove a second run of the day writes nothing. */
async function footprint() {
  const [invoices, audits, emails, notes, payments, bookings] = await Promise.all([
    db.invoice.findMany({ select: { id: true, status: true }, orderBy: { id: 'asc' } }),
    db.auditLog.count(),
    db.emailMessage.count(),
    db.creditNote.count(),
    db.payment.count(),
    db.booking.findMany({ select: { id: true, status: true, delinquency: true }, orderBy: { id: 'asc' } }),
  ]);
  return JSON.stringify({ invoices, audits, emails, notes, payments, bookings });
}

describe('six months of rentals, day by day', { timeout: 600_000 }, () => {
  it('cash at the counter, transfer slips with a notice and a settled end, and a late payer through suspension', async () => {
    const cash = await rental('cash', 'cal-cash@example.com');
    const leaver = await rental('bank_transfer', 'cal-leaver@example.com');
    const late = await rental('cash', 'cal-late@example.com');
    const leaverUnit = (await db.booking.findUniqueOrThrow({ where: { id: leaver } })).unitId!;
    const waiting = await db.waitingListEntry.create({
      data: { unitTypeId: (await db.booking.findUniqueOrThrow({ where: { id: leaver } })).unitTypeId, name: 'Next', email: 'cal-next@example.com', locale: 'en', confirmedAt: TEST_NOW, createdAt: new Date('2020-01-01T00:00:00Z') },
    });
    expect(await gateOf(late)).toEqual({ kind: 'shown' });

    let moveOutDate: string | null = null;
    let lateWasHidden = false;
    for (let iso = '2026-11-26'; iso <= '2027-05-26'; iso = addDaysISO(iso, 1)) {
      const now = day(iso);
      await runBilling(db, { now, stripe: null });
      const once = await footprint();
      const second = await runBilling(db, { now, stripe: null });
      expect(await footprint(), `second run on ${iso}`).toBe(once);
      expect(second).toMatchObject({ renewalInvoices: 0, lateFees: 0, suspended: 0, overlocked: 0, defaulted: 0 });

      if (iso.endsWith('-25')) {
        // The cash payer comes to the counter on the due date.
        for (const inv of await openRent(cash)) await recordCounterPayment(db, { invoiceId: inv.id, method: 'cash', amountSatang: inv.totalSatang }, staff, now);
      }
      if (iso.endsWith('-20') && !moveOutDate) {
        // The transfer payer sends the slip before the due date; staff verify it from the queue.
        for (const inv of await openRent(leaver)) {
          const sent = await recordOfflinePayment(db, { invoiceId: inv.id, method: 'bank_transfer', proofId: null, now });
          if (!sent.ok) throw new Error(sent.error);
          await verifyStaffPayment(db, { paymentId: sent.paymentId }, staff, now);
        }
      }
      if (iso === '2027-02-10') moveOutDate = (await givePortalNotice(db, leaver, now)).moveOutDate;
      if (moveOutDate && iso === moveOutDate) {
        const before = await db.booking.findUniqueOrThrow({ where: { id: leaver } });
        const ended = await endRental(db, { bookingId: leaver, feesSatang: 0, feesNote: '', openInvoices: 'credit', unitAfter: 'available' }, staff, null, now);
        expect(ended.refundSatang).toBe(depositOf(before));
        // The freed unit's offer is a task of the end; the worker runs it once that commits.
        await runTasks(db, { types: [WAITING_LIST_OFFER.type] });
      }
      if (iso === '2027-01-05') {
        // Day 11 after month two's due date, unpaid: suspended, the portal hides the PIN.
        expect((await db.booking.findUniqueOrThrow({ where: { id: late } })).delinquency).toBe('suspended');
        expect(await gateOf(late)).toEqual({ kind: 'hidden' });
        lateWasHidden = true;
      }
      if (iso === '2027-01-07') {
        for (const inv of await openRent(late)) await recordCounterPayment(db, { invoiceId: inv.id, method: 'cash', amountSatang: inv.totalSatang }, staff, now);
        // Restored at once, not at the next run.
        expect(await gateOf(late)).toEqual({ kind: 'shown' });
      }
      if (iso > '2027-01-07' && iso.endsWith('-25')) {
        for (const inv of await openRent(late)) await recordCounterPayment(db, { invoiceId: inv.id, method: 'cash', amountSatang: inv.totalSatang }, staff, now);
      }
    }

    // The cash payer: six months invoiced and paid, never a fee, never suspended; a receipt for each.
    const cashInvoices = await db.invoice.findMany({ where: { bookingId: cash } });
    expect(cashInvoices.filter((i) => i.kind === 'renewal').map((i) => i.status)).toEqual(Array(6).fill('paid'));
    expect(cashInvoices.filter((i) => i.kind === 'fee')).toHaveLength(0);
    expect(await db.auditLog.count({ where: { entityId: cash, action: 'delinquency.suspend' } })).toBe(0);
    expect(await gateOf(cash)).toEqual({ kind: 'shown' });

    // The leaver: paid by slip, no late fee, nothing for a period after the move-out date, the deposit back with a
    // credit note carrying no VAT, the unit offered to the first person waiting.
    expect(moveOutDate).toBe('2027-02-24');
    const leaverInvoices = await db.invoice.findMany({ where: { bookingId: leaver }, include: { creditNotes: true } });
    expect(leaverInvoices.filter((i) => i.kind === 'fee')).toHaveLength(0);
    expect(leaverInvoices.filter((i) => i.kind === 'renewal').map((i) => i.periodStart!.toISOString().slice(0, 10))).toEqual(['2026-12-25', '2027-01-25']);
    expect(leaverInvoices.every((i) => i.status !== 'open')).toBe(true);
    const deposit = depositOf(await db.booking.findUniqueOrThrow({ where: { id: leaver } }));
    expect(deposit).toBeGreaterThan(0);
    const depositNotes = leaverInvoices.flatMap((i) => i.creditNotes).filter((n) => n.amountSatang === deposit);
    expect(depositNotes).toHaveLength(1);
    expect(depositNotes[0].vatSatang).toBe(0);
    expect(await db.booking.findUniqueOrThrow({ where: { id: leaver } })).toMatchObject({ status: 'ended' });
    const offers = await db.waitingListOffer.findMany({ where: { unitId: leaverUnit }, orderBy: { createdAt: 'asc' } });
    expect(offers[0]).toMatchObject({ entryId: waiting.id });
    // Nobody took it up in 24 hours and nobody else waits: the unit went back on sale.
    expect(offers[0].status).toBe('expired');
    expect(await db.unit.findUniqueOrThrow({ where: { id: leaverUnit } })).toMatchObject({ status: 'available', currentBookingId: null, gateCode: null });

    // The late payer: suspended once, one late fee, restored at once; every later month paid on time.
    expect(lateWasHidden).toBe(true);
    expect(await db.auditLog.count({ where: { entityId: late, action: 'delinquency.suspend' } })).toBe(1);
    expect(await db.auditLog.count({ where: { entityId: late, action: 'delinquency.restore' } })).toBe(1);
    expect(await db.invoice.count({ where: { bookingId: late, kind: 'fee' } })).toBe(1);
    expect(await db.invoice.count({ where: { bookingId: late, status: 'open' } })).toBe(0);
    expect(await gateOf(late)).toEqual({ kind: 'shown' });
  });
});
