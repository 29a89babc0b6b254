import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { postgresTestUrl } from '@/test/db';
import { createBooking } from '@/lib/booking/create-booking';
import { completeDraft, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { issueInvoice } from './issue';

// Real PostgreSQL (TEST_DATABASE_URL): PGlite's single connection would serialise the issuers and prove nothing.
const url = postgresTestUrl();

describe.skipIf(!url)('gapless invoice numbers on PostgreSQL', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(() => {
    ({ db, close } = createPrismaClient({ kind: 'postgres', url: url! }));
  });
  afterAll(() => close?.());

  it('20 invoices issued at once from separate transactions get 20 consecutive numbers; a rolled-back issue leaves no gap', async () => {
    const r = await createBooking(db, completeDraft({ unitTypeCode: 's', paymentMethod: 'cash' }), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error('booking failed');
    const issuedAt = new Date('2031-03-01T05:00:00Z'); // a year nobody else issues in
    const line = { kind: 'fee' as const, description: 'Cleaning fee', quantity: 1, unitSatang: 50_000, amountSatang: 50_000 };
    const issue = (i: number) =>
      db.$transaction((tx) => issueInvoice(tx, { bookingId: r.bookingId, kind: 'fee', lines: [line], vatSatang: 3_300, issuedAt, dueAt: null, dedupeKey: `concurrency-test:${i}` }), { maxWait: 20_000, timeout: 30_000 });
    const invoices = await Promise.all(Array.from({ length: 20 }, (_, i) => issue(i)));
    const numbers = invoices.map((i) => i.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-2031-${String(i + 1).padStart(6, '0')}`));

    // An issue whose transaction fails gives its number back.
    await expect(
      db.$transaction(async (tx) => {
        await issueInvoice(tx, { bookingId: r.bookingId, kind: 'fee', lines: [line], vatSatang: 3_300, issuedAt, dueAt: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await issue(20)).number).toBe('INV-2031-000021');
    // Every total is the sum of its lines.
    const stored = await db.invoice.findMany({ where: { number: { startsWith: 'INV-2031-' } }, include: { lines: true } });
    for (const i of stored) expect(i.totalSatang).toBe(i.lines.reduce((a, l) => a + l.amountSatang, 0));
  });
});
