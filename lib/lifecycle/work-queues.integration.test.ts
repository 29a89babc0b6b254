import { afterAll, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '@/test/db';

// "Cash due today" is one rule (docs/product-rules.md#staff-alerts): the dashboard's queue, the Today screen and the
// staff alerts' badge and 08:00 round name the same cash payers. They used to be two queries that disagreed about a
// hold that ran out yesterday and still waits for staff.
const test = vi.hoisted(() => ({ db: null as unknown }));
vi.mock('@/lib/db', () => ({
  get db() {
    return test.db;
  },
}));

const { db, close } = await openTestDb();
test.db = db;
const { workQueues } = await import('@/lib/admin/dashboard');
const { todayItems } = await import('@/lib/admin/today');
const { alertCounts, sendMorningDigest } = await import('@/lib/staff-alerts');
const { createBooking } = await import('@/lib/booking/create-booking');
const { completeDraft, TEST_NOW } = await import('@/test/fixtures/booking-drafts');
afterAll(() => close());

const HOUR = 3_600_000;

async function cashBooking(email: string): Promise<{ id: string; reference: string }> {
  const draft = completeDraft({ paymentMethod: 'cash', paymentStatus: 'pending_arrival', contact: { ...completeDraft().contact, email } });
  const r = await createBooking(db, draft, { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
  if (!r.ok) throw new Error(r.error);
  return db.booking.findUniqueOrThrow({ where: { id: r.bookingId }, select: { id: true, reference: true } });
}

describe('cash due today, one answer for every screen and alert', () => {
  it('names the same bookings on the dashboard, on Today and in the alerts, a hold that ran out yesterday included', async () => {
    // 09:00 in Bangkok on the day after TEST_NOW's.
    const now = new Date('2026-11-23T02:00:00.000Z');
    const endsToday = await cashBooking('cash-ends-today@example.com');
    const ranOut = await cashBooking('cash-ran-out@example.com');
    const later = await cashBooking('cash-later@example.com');
    await db.booking.update({ where: { id: endsToday.id }, data: { holdExpiresAt: new Date(now.getTime() + 6 * HOUR), startDate: new Date('2026-11-30T00:00:00Z') } });
    await db.booking.update({ where: { id: ranOut.id }, data: { holdExpiresAt: new Date(now.getTime() - 20 * HOUR), startDate: new Date('2026-11-30T00:00:00Z') } });
    await db.booking.update({ where: { id: later.id }, data: { holdExpiresAt: new Date(now.getTime() + 40 * HOUR), startDate: new Date('2026-11-30T00:00:00Z') } });

    const dashboard = (await workQueues(db, now)).cashToday.map((b) => b.reference);
    const today = (await todayItems(db, now)).items.filter((i) => i.kind === 'cash').map((i) => i.reference);
    const mine = [endsToday.reference, ranOut.reference];
    expect(dashboard).toEqual(expect.arrayContaining(mine));
    expect(dashboard).not.toContain(later.reference);
    expect([...today].sort()).toEqual([...dashboard].sort());
    expect((await alertCounts(db, now)).counts.cash_due_today).toBe(dashboard.length);

    const round = await sendMorningDigest(db, now);
    expect(round.cashAlerts).toBeGreaterThan(0);
    const subjects = (await db.emailMessage.findMany({ where: { template: 'staff_cash_due_today' }, select: { subject: true } })).map((m) => m.subject);
    for (const ref of mine) expect(subjects.some((s) => s.includes(ref))).toBe(true);
    expect(subjects.some((s) => s.includes(later.reference))).toBe(false);
  });
});
