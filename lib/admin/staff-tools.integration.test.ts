import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '@/test/db';
import type { StaffUser } from '@/lib/auth/staff';

// The staff search, the sorted lists and their CSV export against a real (PGlite) database.
const test = vi.hoisted(() => ({ db: null as unknown }));
vi.mock('@/lib/db', () => ({
  get db() {
    return test.db;
  },
}));

const { db, close } = await openTestDb();
test.db = db;
const { searchEverything } = await import('./search');
const { bookingFiltersSchema, searchBookings } = await import('./bookings');
const { bookingListCsv, paymentListCsv } = await import('./export');
const { paymentFiltersSchema, searchPayments } = await import('./payment-list');
const { createBooking } = await import('@/lib/booking/create-booking');
const { completeDraft, TEST_NOW } = await import('@/test/fixtures/booking-drafts');
afterAll(() => close());

const staff: StaffUser = { id: 'staff-1', email: 'staff@example.test', name: null, role: 'staff' };
const admin: StaffUser = { id: 'admin-1', email: 'admin@example.test', name: null, role: 'admin' };
const tag = `t${Date.now().toString(36)}`;
const refs: Record<string, string> = {};

async function book(key: string, contact: { firstName: string; lastName: string; phone: string; email: string }) {
  const draft = completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival', contact: { ...completeDraft().contact, ...contact } });
  const r = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(r.error);
  refs[key] = (await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).reference;
}

beforeAll(async () => {
  // Phones stored as three different people typed them.
  await book('somchai', { firstName: 'สมชาย', lastName: `ใจดี${tag}`, phone: '+66 81 234 5678', email: `somchai-${tag}@example.com` });
  await book('anna', { firstName: 'Anna', lastName: `Zeta${tag}`, phone: '089-111-2222', email: `anna-${tag}@example.com` });
  await book('boris', { firstName: 'Boris', lastName: `Alpha${tag}`, phone: '0899998888', email: `boris-${tag}@example.com` });
});

describe('one search', () => {
  it.each(['081 234 5678', '081-234-5678', '0812345678', '+66812345678', '2345678'])('finds the customer by the phone written %s', async (q) => {
    const r = await searchEverything(db, staff, q);
    const people = r!.groups.customers.rows;
    expect(people.map((p) => p.email)).toEqual([`somchai-${tag}@example.com`]);
    expect(people[0].bookings.map((b) => b.reference)).toEqual([refs.somchai]);
  });

  it('finds a Thai name, first and last name together, and a Latin name in any case', async () => {
    expect((await searchEverything(db, staff, `สมชาย ใจดี${tag}`))!.groups.customers.rows.map((p) => p.email)).toEqual([`somchai-${tag}@example.com`]);
    expect((await searchEverything(db, staff, `zeta${tag.toLowerCase()}`))!.groups.customers.rows.map((p) => p.email)).toEqual([`anna-${tag}@example.com`]);
  });

  it('finds a booking by its reference typed in lower case', async () => {
    const r = await searchEverything(db, staff, refs.anna.toLowerCase());
    expect(r!.groups.bookings.rows.map((b) => b.reference)).toEqual([refs.anna]);
  });

  it('searches only what the role may open: promo codes for admins', async () => {
    expect((await searchEverything(db, staff, 'welcome10'))!.groups.promoCodes.rows).toEqual([]);
    expect((await searchEverything(db, admin, 'welcome10'))!.groups.promoCodes.rows.map((p) => p.code)).toEqual(['WELCOME10']);
  });
});

describe('the bookings list: sorted on the server, exported as filtered', () => {
  it('sorts by customer both ways', async () => {
    const asc = await searchBookings(db, bookingFiltersSchema.parse({ q: tag, sort: 'customer', dir: 'asc' }));
    const desc = await searchBookings(db, bookingFiltersSchema.parse({ q: tag, sort: 'customer', dir: 'desc' }));
    // Last names Alpha… and Zeta… (where Thai sorts against Latin is the database collation's business)
    const latin = (rows: { reference: string }[]) => rows.map((b) => b.reference).filter((r) => r !== refs.somchai);
    expect(asc.total).toBe(3);
    expect(latin(asc.rows)).toEqual([refs.boris, refs.anna]);
    expect(latin(desc.rows)).toEqual([refs.anna, refs.boris]);
  });

  it('exports exactly the filtered rows, in the list order, with Bangkok times', async () => {
    const csv = await bookingListCsv(db, bookingFiltersSchema.parse({ q: `alpha${tag}` }));
    const lines = csv.slice(1).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith(`${refs.boris},`)).toBe(true);
    // Booked at 05:00 UTC: noon in Bangkok.
    expect(lines[1]).toContain(',2026-11-22 12:00:00,');
    expect(lines[1]).not.toContain(refs.anna);
  });
});

describe('the payments list', () => {
  it("finds a booking's payments, sorts them by amount and exports the same rows", async () => {
    const booking = await db.booking.findUniqueOrThrow({ where: { reference: refs.anna } });
    for (const amountSatang of [50_000, 150_000, 100_000]) {
      await db.payment.create({ data: { bookingId: booking.id, method: 'cash', status: 'paid', amountSatang, paidAt: TEST_NOW, createdAt: TEST_NOW } });
    }
    const f = paymentFiltersSchema.parse({ q: refs.anna.toLowerCase(), status: 'paid', sort: 'amount', dir: 'desc' });
    const { rows, total } = await searchPayments(db, f);
    expect(total).toBe(3);
    expect(rows.map((r) => r.amountSatang)).toEqual([150_000, 100_000, 50_000]);
    const lines = (await paymentListCsv(db, f)).slice(1).trim().split('\n');
    expect(lines.slice(1).map((l) => l.split(',')[6])).toEqual(['1500.00', '1000.00', '500.00']);
    expect(lines[1].split(',')[0]).toBe('2026-11-22 12:00:00');
  });
});
