import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, postgresTestUrl } from '@/test/db';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { StatusWriteRefused } from '@/lib/db/status-writes';
import { setBookingPaymentStatus, transition } from './index';

/**
 * One writer of statuses, kept by the data layer (docs/architecture.md, "One writer of statuses"): a status, payment
 * status or delinquency written anywhere but lib/lifecycle is refused by the database client itself, whatever the
 * route (a model update, updateMany, upsert, raw SQL, inside a transaction), and the transaction it was in changes
 * nothing. These plant such writes and expect the refusal; the lifecycle's own writes go through.
 */
function plantedWrites(db: Db, bookingId: string, paymentId: string) {
  return {
    'booking.paymentStatus (update)': () => db.booking.update({ where: { id: bookingId }, data: { paymentStatus: 'paid' } }),
    'booking.status (updateMany)': () => db.booking.updateMany({ where: { id: bookingId }, data: { status: 'ended' } }),
    'booking.delinquency (update)': () => db.booking.update({ where: { id: bookingId }, data: { delinquency: 'suspended' } }),
    'payment.status (update)': () => db.payment.update({ where: { id: paymentId }, data: { status: 'paid' } }),
    'unit.status (raw SQL)': () => db.$executeRaw`UPDATE units SET status = 'available' WHERE current_booking_id = ${bookingId}`,
    'booking.payment_status (raw SQL, aliased)': () => db.$executeRaw`UPDATE bookings AS b SET payment_status = 'paid' WHERE b.id = ${bookingId}`,
    'invoice.status (inside a transaction)': () =>
      db.$transaction(async (tx) => {
        await tx.booking.update({ where: { id: bookingId }, data: { locale: 'ru' } });
        await tx.invoice.updateMany({ where: { bookingId }, data: { status: 'paid' } });
      }),
  };
}

function suite(name: string, open: () => { db: Db; close: () => Promise<void> } | Promise<{ db: Db; close: () => Promise<void> }>) {
  describe(name, () => {
    let c: { db: Db; close: () => Promise<void> };
    let bookingId: string;
    let paymentId: string;
    beforeAll(async () => {
      setEnvForTests({ RESEND_API_KEY: undefined });
      c = await open();
      const r = await createBooking(c.db, completeDraft({ paymentMethod: 'bank_transfer', paymentStatus: 'pending_bank_transfer' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
      if (!r.ok) throw new Error(r.error);
      bookingId = r.bookingId;
      paymentId = (await c.db.payment.findFirstOrThrow({ where: { bookingId } })).id;
    });
    afterAll(async () => {
      resetEnvForTests();
      await c.close();
    });

    it('refuses every planted status write outside lib/lifecycle, and changes nothing', async () => {
      const before = await c.db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { payments: true, invoices: true, heldUnit: true } });
      // Twice: the second time each statement's text is judged from the verdicts kept (lib/db/status-writes.ts).
      for (const round of [1, 2]) {
        for (const [what, write] of Object.entries(plantedWrites(c.db, bookingId, paymentId))) {
          await expect(write(), `${what}, round ${round}`).rejects.toThrow(/written only by lib\/lifecycle/);
        }
      }
      const after = await c.db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { payments: true, invoices: true, heldUnit: true } });
      expect(after).toEqual(before);
      expect(after.locale).toBe('en');
    });

    it('the refusal names the table and the column', async () => {
      // Prisma wraps the adapter's error; its message is the data layer's.
      const refused = await c.db.booking.update({ where: { id: bookingId }, data: { paymentStatus: 'paid' } }).catch((e: unknown) => e);
      expect(String((refused as Error).message)).toContain(new StatusWriteRefused('bookings', 'payment_status').message);
    });

    it('lets the lifecycle write, and leaves other columns and new rows alone', async () => {
      await c.db.$transaction(async (tx) => {
        await transition(tx, 'payment', paymentId, 'uploadProof', { note: 'test' });
        await setBookingPaymentStatus(tx, bookingId, 'proof_uploaded');
      });
      expect(await c.db.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { paymentStatus: true } })).toEqual({ paymentStatus: 'proof_uploaded' });
      expect((await c.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('proof_uploaded');
      // Not a status: allowed anywhere.
      await c.db.booking.update({ where: { id: bookingId }, data: { locale: 'th' } });
      // A row created in its first state is not a move.
      const type = await c.db.unitType.findFirstOrThrow();
      await c.db.unit.create({ data: { number: `GUARD-${Date.now()}`, unitTypeId: type.id, status: 'maintenance' } });
    });
  });
}

suite('the status guard on the embedded database', openTestDb);
const url = postgresTestUrl();
if (url) suite('the status guard on PostgreSQL', () => createPrismaClient({ kind: 'postgres', url }));
