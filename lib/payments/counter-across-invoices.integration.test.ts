import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { openTestDb, postgresTestUrl } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { settlePayment } from '@/lib/payments/ledger/settle';
import { runBilling } from '@/lib/billing/run';
import { moveIn } from '@/lib/rentals/commands';
import { allocateOldestFirst, recordCounterPaymentAcross, StaffPaymentError } from './staff-payments';
import { openInvoicesOldestFirst } from './to-check';

// One counter payment for several open invoices (docs/product-rules.md#counter-payments), on a simulated calendar:
// a cash payer misses month two, is suspended on day 11 with a late fee on top, and comes to the counter once.
const url = postgresTestUrl();
let db: Db;
let close: () => Promise<void>;
let tmp: string;
const staff = { id: 'staff-counter', email: 'counter@example.test' };

beforeAll(async () => {
  ({ db, close } = url ? createPrismaClient({ kind: 'postgres', url }) : await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-counter-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined, SITE_URL: 'http://localhost:3000' });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const day = (iso: string) => new Date(`${iso}T12:00:00+07:00`);

describe('allocateOldestFirst', () => {
  const invoices = [
    { id: 'a', number: 'INV-1', dueSatang: 270_000 },
    { id: 'b', number: 'INV-2', dueSatang: 0 },
    { id: 'c', number: 'INV-3', dueSatang: 27_000 },
  ];
  it('pays each invoice in order until the money runs out; only the last one reached is paid in part', () => {
    expect(allocateOldestFirst(invoices, 297_000).map((a) => [a.invoiceId, a.amountSatang])).toEqual([['a', 270_000], ['c', 27_000]]);
    expect(allocateOldestFirst(invoices, 280_000).map((a) => [a.invoiceId, a.amountSatang])).toEqual([['a', 270_000], ['c', 10_000]]);
    expect(allocateOldestFirst(invoices, 100_000).map((a) => [a.invoiceId, a.amountSatang])).toEqual([['a', 100_000]]);
  });
});

describe('one counter payment across open invoices', { timeout: 300_000 }, () => {
  it('pays the overdue rent before its late fee, and access comes back once both are paid', async () => {
    const r = await createBooking(
      db,
      completeDraft({ unitTypeCode: 'm4', term: 'm2m', paymentMethod: 'cash', paymentStatus: 'pending_arrival', contact: { ...completeDraft().contact, email: 'counter-across@example.com' } }),
      { locale: 'en', now: TEST_NOW, siteUrl: 'http://localhost:3000', sendEmails: false, stripe: null },
    );
    if (!r.ok) throw new Error(`booking failed: ${JSON.stringify(r)}`);
    const first = await db.payment.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    await db.$transaction((tx) => settlePayment(tx, first.id, { now: TEST_NOW }));
    const held = await db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, include: { heldUnit: true } });
    await moveIn(db, { bookingId: held.id, unitId: held.heldUnit!.id, reason: 'test: ID seen at the counter' }, staff, day('2026-11-25'));

    // Month two is invoiced, falls due, and is still unpaid on day 11: a late fee and a suspension.
    for (const iso of ['2026-12-18', '2026-12-25', '2027-01-05']) await runBilling(db, { now: day(iso), stripe: null });
    const open = await openInvoicesOldestFirst(db, r.bookingId);
    expect(open.map((i) => i.kind)).toEqual(['renewal', 'fee']);
    const [rent, fee] = open;
    // (10% of the month's rent; the invoice may carry insurance beside the rent)
    expect(fee.dueSatang).toBeGreaterThan(0);
    expect(fee.dueSatang).toBeLessThan(rent.dueSatang);
    expect((await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).delinquency).toBe('suspended');

    // More than both ask for together is refused, and nothing is written.
    const paymentsBefore = await db.payment.count({ where: { bookingId: r.bookingId } });
    const tooMuch = await recordCounterPaymentAcross(db, { bookingId: r.bookingId, method: 'cash', amountSatang: rent.dueSatang + fee.dueSatang + 100 }, staff, day('2027-01-06')).catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(StaffPaymentError);
    expect((tooMuch as StaffPaymentError).code).toBe('amount_too_large');
    expect(await db.payment.count({ where: { bookingId: r.bookingId } })).toBe(paymentsBefore);

    // Part of it: the rent takes the money first, the fee waits; still suspended.
    const part = await recordCounterPaymentAcross(db, { bookingId: r.bookingId, method: 'cash', amountSatang: rent.dueSatang - 10_000 }, staff, day('2027-01-06'));
    expect(part.allocations).toEqual([expect.objectContaining({ invoiceId: rent.id, amountSatang: rent.dueSatang - 10_000 })]);
    expect(part.accessRestored).toBe(false);
    expect((await openInvoicesOldestFirst(db, r.bookingId)).map((i) => [i.id, i.dueSatang])).toEqual([[rent.id, 10_000], [fee.id, fee.dueSatang]]);

    // The rest in one go: the rent's last ฿100, then the whole fee; both paid, access restored at once.
    const rest = await recordCounterPaymentAcross(db, { bookingId: r.bookingId, method: 'cash', amountSatang: 10_000 + fee.dueSatang }, staff, day('2027-01-07'));
    expect(rest.allocations.map((a) => [a.invoiceId, a.amountSatang])).toEqual([[rent.id, 10_000], [fee.id, fee.dueSatang]]);
    expect(rest.accessRestored).toBe(true);
    const after = await db.invoice.findMany({ where: { id: { in: [rent.id, fee.id] } } });
    expect(after.every((i) => i.status === 'paid')).toBe(true);
    expect((await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).delinquency).toBe('current');
    // One receipt per payment recorded, as a single counter payment sends it.
    const counterPayments = await db.payment.findMany({ where: { bookingId: r.bookingId, provider: 'counter', status: 'paid' } });
    expect(counterPayments).toHaveLength(3);
    const receipts = await db.emailMessage.count({ where: { template: 'payment_received', dedupeKey: { in: counterPayments.map((p) => `payment_received:${p.id}`) } } });
    expect(receipts).toBe(3);

    // Nothing left to pay: a further payment is refused.
    const none = await recordCounterPaymentAcross(db, { bookingId: r.bookingId, method: 'cash', amountSatang: 100 }, staff, day('2027-01-07')).catch((e: unknown) => e);
    expect(none).toBeInstanceOf(Error);
  });
});
