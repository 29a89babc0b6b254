import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '@/test/db';

// The bookings list's search after the two-step rewrite (README "Performance" → "Scale"): what staff type still
// finds the customer, through the trigram indexes or, for short terms, without them.
const test = vi.hoisted(() => ({ db: null as unknown }));
vi.mock('@/lib/db', () => ({
  get db() {
    return test.db;
  },
}));

const { db, close } = await openTestDb();
test.db = db;
const { bookingFiltersSchema, searchBookings } = await import('./bookings');
const { revenueTrend } = await import('./dashboard');
const { createBooking } = await import('@/lib/booking/create-booking');
const { completeDraft, TEST_NOW } = await import('@/test/fixtures/booking-drafts');
afterAll(() => close());

const tag = `s${Date.now().toString(36)}`;
const refs: Record<string, string> = {};
const ids: Record<string, string> = {};

async function book(key: string, contact: { firstName: string; lastName: string; phone: string; email: string }) {
  const draft = completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival', contact: { ...completeDraft().contact, ...contact } });
  const r = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(r.error);
  ids[key] = r.bookingId;
  refs[key] = (await db.booking.findUniqueOrThrow({ where: { id: r.bookingId } })).reference;
}

beforeAll(async () => {
  await book('thai', { firstName: 'ประเสริฐ', lastName: `วงศ์ใหญ่${tag}`, phone: '0899998888', email: `prasert-${tag}@example.com` });
  await book('latin', { firstName: 'Natalia', lastName: `Kuznetsova${tag}`, phone: '0891112222', email: `natalia-${tag}@example.com` });
  await book('intl', { firstName: 'Somsak', lastName: `Phonsri${tag}`, phone: '+66 81 234 5678', email: `somsak-${tag}@example.com` });
});

const found = async (q: string) => (await searchBookings(db, bookingFiltersSchema.parse({ q }))).rows.map((b) => b.reference);

describe('the bookings search', () => {
  it('finds a customer by part of a Thai name', async () => {
    expect(await found(`ใหญ่${tag}`)).toEqual([refs.thai]);
    expect(await found('เสริ')).toContain(refs.thai);
  });

  it('finds a customer by part of a Latin surname in any case, and by email', async () => {
    expect(await found(`znetsova${tag}`.toUpperCase())).toEqual([refs.latin]);
    expect(await found(`natalia-${tag}@`)).toEqual([refs.latin]);
  });

  it('finds a booking by part of its reference, typed in lower case', async () => {
    expect(await found(refs.latin.slice(-6).toLowerCase())).toContain(refs.latin);
  });

  it('finds a customer by the digits of their phone', async () => {
    expect(await found('99998888')).toEqual([refs.thai]);
  });

  it('finds a phone stored as "+66 81 234 5678" by its digits in any spacing, local "0…" or "+66…" form', async () => {
    expect((await db.booking.findUniqueOrThrow({ where: { id: ids.intl }, select: { customer: { select: { phone: true } } } })).customer.phone).toBe('+66 81 234 5678');
    for (const q of ['812345678', '081 234 5678', '081-234-5678', '0812345678', '+66 81 234 5678', '66812345678', '2345678']) {
      expect(await found(q), q).toEqual([refs.intl]);
    }
  });

  it('does not find that customer by a different number', async () => {
    for (const q of ['081 234 5679', '+66 82 234 5678', '7654321']) expect(await found(q), q).not.toContain(refs.intl);
  });

  it('still finds with a term too short for the trigram index', async () => {
    expect(await found('ปร')).toContain(refs.thai);
  });

  it('counts what it found, not capped', async () => {
    const r = await searchBookings(db, bookingFiltersSchema.parse({ q: tag }));
    expect(r).toMatchObject({ total: 3, totalCapped: false, pages: 1 });
  });
});

describe('the revenue trend', () => {
  it("shows a payment of this month at once, though the closed months' figures are kept a minute", async () => {
    const before = await revenueTrend(db, TEST_NOW);
    await db.payment.create({ data: { bookingId: ids.latin, method: 'cash', status: 'paid', amountSatang: 123_400, paidAt: new Date(TEST_NOW.getTime() - 3600_000) } });
    const after = await revenueTrend(db, TEST_NOW);
    expect(after.current.at(-1)! - before.current.at(-1)!).toBe(123_400);
    expect(after.previous).toEqual(before.previous);
  });
});
