import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { openTestDb, postgresTestUrl } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { bangkokNoon as day, paidRental } from '@/test/fixtures/rentals';
import type { Locale } from '@/lib/i18n/routing';
import { recordOfflinePayment } from '@/lib/payments/offline-payments';
import { LifecycleError } from '@/lib/lifecycle';
import { recordCounterPayment, rejectStaffPayment, StaffPaymentError, verifyStaffPayment } from '@/lib/payments/staff-payments';
import { paymentsToCheck } from '@/lib/payments/to-check';
import { givePortalNotice } from '@/lib/portal/booking-changes';
import { runBilling } from './run';
import { uploadIdentityDocuments, verifyIdentity } from '@/lib/identity/documents';
import { runTasks } from '@/lib/jobs/tasks';
import { GATE_PUSH } from '@/lib/gate/changes';
import { startFakeGate } from '@/test/fakes/gate-server';
import { uniqueSlip } from '@/test/fixtures/files';

// A rental month after month on a simulated calendar (docs/product-rules.md#lifecycle). On the real PostgreSQL when
// TEST_DATABASE_URL is set (row locks, two servers), else on the embedded database.
const url = postgresTestUrl();
let db: Db;
let close: () => Promise<void>;
let tmp: string;
const staff = { id: 'staff-1', email: 'staff@example.test' };

beforeAll(async () => {
  ({ db, close } = url ? createPrismaClient({ kind: 'postgres', url }) : await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-month-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});


/** A month-to-month rental from 25 Nov 2026, first month paid at the counter; month two is due 25 Dec. */
const rental = (method: 'cash' | 'bank_transfer', locale: Locale = 'en') => paidRental(db, { unitTypeCode: 'm', term: 'm2m', method, locale });

const renewals = (bookingId: string) => db.invoice.findMany({ where: { bookingId, kind: 'renewal' }, orderBy: { periodStart: 'asc' }, include: { creditNotes: true } });
const fees = (bookingId: string) => db.invoice.count({ where: { bookingId, kind: 'fee' } });

/** Each day's job twice: the second run writes nothing. */
async function runDay(iso: string) {
  await runBilling(db, { now: day(iso), stripe: null });
  const before = [await db.invoice.count(), await db.auditLog.count(), await db.emailMessage.count(), await db.creditNote.count()];
  const second = await runBilling(db, { now: day(iso), stripe: null });
  expect([await db.invoice.count(), await db.auditLog.count(), await db.emailMessage.count(), await db.creditNote.count()]).toEqual(before);
  expect(second).toMatchObject({ renewalInvoices: 0, lateFees: 0, suspended: 0, overlocked: 0 });
}

describe('a rental month after month', { timeout: 120_000 }, () => {
  it('a transfer payer pays month two by slip; staff verify it from the queue; no late fee ever; a Thai receipt', async () => {
    const id = await rental('bank_transfer', 'th');
    await runDay('2026-12-18');
    const [month2] = await renewals(id);
    expect(month2.totalSatang).toBeGreaterThan(0);
    const sent = await recordOfflinePayment(db, { invoiceId: month2.id, method: 'bank_transfer', proofId: null, now: day('2026-12-24') });
    if (!sent.ok) throw new Error(sent.error);
    // In the one queue, for a renewal of a confirmed rental (not only reserved bookings).
    const queue = await paymentsToCheck(db);
    expect(queue.map((p) => p.id)).toContain(sent.paymentId);
    expect(queue.map((p) => p.createdAt.getTime())).toEqual([...queue.map((p) => p.createdAt.getTime())].sort((a, b) => a - b));
    await verifyStaffPayment(db, { paymentId: sent.paymentId }, staff, day('2026-12-26'));
    const paid = await db.invoice.findUniqueOrThrow({ where: { id: month2.id } });
    expect(paid.status).toBe('paid');
    expect(paid.paidAt?.toISOString()).toBe(day('2026-12-26').toISOString());
    const receipt = await db.emailMessage.findFirstOrThrow({ where: { bookingId: id, template: 'payment_received' } });
    expect(receipt.locale).toBe('th');
    expect(receipt.html).toContain(`/th/invoice/${month2.id}?token=`);
    // Verified twice: refused, nothing written.
    await expect(verifyStaffPayment(db, { paymentId: sent.paymentId }, staff)).rejects.toBeInstanceOf(LifecycleError);
    for (const d of ['2027-01-05', '2027-01-06', '2027-01-20']) await runDay(d);
    expect(await fees(id)).toBe(0);
    expect((await db.booking.findUniqueOrThrow({ where: { id } })).delinquency).toBe('current');
  });

  it('a rejected slip goes back to the customer with the reason; the invoice stays open', async () => {
    const id = await rental('bank_transfer');
    await runDay('2026-12-18');
    const [month2] = await renewals(id);
    const sent = await recordOfflinePayment(db, { invoiceId: month2.id, method: 'bank_transfer', proofId: null, now: day('2026-12-20') });
    if (!sent.ok) throw new Error(sent.error);
    await rejectStaffPayment(db, { paymentId: sent.paymentId, reason: 'No transfer of this amount arrived' }, staff, day('2026-12-21'));
    expect((await db.payment.findUniqueOrThrow({ where: { id: sent.paymentId } })).status).toBe('pending_bank_transfer');
    expect((await db.invoice.findUniqueOrThrow({ where: { id: month2.id } })).status).toBe('open');
    const mail = await db.emailMessage.findFirstOrThrow({ where: { bookingId: id, template: { contains: 'rejected' } } });
    expect(mail.text).toContain('No transfer of this amount arrived');
  });

  it('a cash payer pays part at the counter: the invoice shows what is still due; more than due is refused', async () => {
    const id = await rental('cash');
    await runDay('2026-12-18');
    const [month2] = await renewals(id);
    const first = await recordCounterPayment(db, { invoiceId: month2.id, method: 'cash', amountSatang: 100_000 }, staff, day('2026-12-22'));
    expect(first.invoicePaid).toBe(false);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: month2.id } })).status).toBe('open');
    const before = await db.payment.count();
    await expect(recordCounterPayment(db, { invoiceId: month2.id, method: 'cash', amountSatang: month2.totalSatang }, staff)).rejects.toBeInstanceOf(StaffPaymentError);
    expect(await db.payment.count()).toBe(before);
    const rest = await recordCounterPayment(db, { invoiceId: month2.id, method: 'cash', amountSatang: month2.totalSatang - 100_000 }, staff, day('2026-12-24'));
    expect(rest.invoicePaid).toBe(true);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: month2.id } })).paidAt?.toISOString()).toBe(day('2026-12-24').toISOString());
    expect(await db.emailMessage.count({ where: { bookingId: id, template: 'payment_received' } })).toBe(2);
    await expect(recordCounterPayment(db, { invoiceId: month2.id, method: 'cash', amountSatang: 100 }, staff)).rejects.toBeInstanceOf(LifecycleError);
  });

  it('a late payer is suspended on day 11; paying what is overdue at the counter restores access at once and stops the steps', async () => {
    const id = await rental('cash');
    await runDay('2026-12-18');
    await runDay('2027-01-05');
    let b = await db.booking.findUniqueOrThrow({ where: { id } });
    expect(b.delinquency).toBe('suspended');
    const open = await db.invoice.findMany({ where: { bookingId: id, status: 'open' } });
    expect(open.length).toBe(2); // month two and its late fee
    for (const inv of open) await recordCounterPayment(db, { invoiceId: inv.id, method: 'cash', amountSatang: inv.totalSatang }, staff, day('2027-01-06'));
    b = await db.booking.findUniqueOrThrow({ where: { id } });
    expect(b.delinquency).toBe('current');
    expect(b.accessSuspendedAt).toBeNull();
    expect(await db.auditLog.count({ where: { entityId: id, action: 'delinquency.restore' } })).toBe(1);
    await runDay('2027-01-24'); // day 30 of the old arrears: nothing more happens
    expect((await db.booking.findUniqueOrThrow({ where: { id } })).delinquency).toBe('current');
  });

  it('gate access follows the account: granted once verified, suspended on day 11, restored at once by payment, pushed in order', async () => {
    const gate = await startFakeGate({ secret: 'gate-secret-for-tests-0123' });
    try {
      const id = await rental('cash');
      await uploadIdentityDocuments(db, id, { kind: 'passport', document: { bytes: await uniqueSlip(), name: 'passport.png' } });
      await verifyIdentity(db, id, staff, day('2026-11-25'));
      await runDay('2026-12-18');
      await runDay('2027-01-05');
      for (const inv of await db.invoice.findMany({ where: { bookingId: id, status: 'open' } })) {
        await recordCounterPayment(db, { invoiceId: inv.id, method: 'cash', amountSatang: inv.totalSatang }, staff, day('2027-01-06'));
      }
      const changes = await db.gateChange.findMany({ where: { bookingId: id }, orderBy: { createdAt: 'asc' } });
      expect(changes.map((c) => c.action)).toEqual(['grant', 'suspend', 'restore']);
      // Each change wrote its gate.push task; the task worker pushes them once a controller is configured.
      setEnvForTests({ GATE_API_URL: gate.url, GATE_API_SECRET: 'gate-secret-for-tests-0123' });
      await runTasks(db, { types: [GATE_PUSH.type] });
      const reference = (await db.booking.findUniqueOrThrow({ where: { id } })).reference;
      expect(gate.received.filter((r) => r.booking === reference).map((r) => r.action)).toEqual(['grant', 'suspend', 'restore']);
    } finally {
      setEnvForTests({ GATE_API_URL: undefined, GATE_API_SECRET: undefined });
      await gate.close();
    }
  });

  it('a notice fixes the move-out date: nothing is invoiced after it, and an invoice already issued for a later period is credited', async () => {
    const id = await rental('cash');
    await runDay('2026-12-18'); // month two, 25 Dec – 24 Jan
    const [month2] = await renewals(id);
    await recordCounterPayment(db, { invoiceId: month2.id, method: 'cash', amountSatang: month2.totalSatang }, staff, day('2026-12-20'));
    // A clock that ran ahead issued month three (25 Jan) before the notice was recorded with its real date.
    await runBilling(db, { now: day('2027-01-18'), stripe: null });
    const month3 = (await renewals(id))[1];
    expect(month3.periodStart?.toISOString().slice(0, 10)).toBe('2027-01-25');
    const outcome = await givePortalNotice(db, id, day('2027-01-10'));
    expect(outcome.moveOutDate).toBe('2027-01-24');
    const credited = await db.invoice.findUniqueOrThrow({ where: { id: month3.id }, include: { creditNotes: true } });
    expect(credited.status).toBe('void');
    expect(credited.creditNotes).toHaveLength(1);
    expect(credited.creditNotes[0].number).toMatch(/^CN-2027-\d{6}$/);
    expect(credited.creditNotes[0].amountSatang).toBe(month3.totalSatang);
    for (const d of ['2027-02-18', '2027-03-18', '2027-04-18']) await runDay(d);
    expect((await renewals(id)).map((i) => i.periodStart?.toISOString().slice(0, 10))).toEqual(['2026-12-25', '2027-01-25']);
  });
});
