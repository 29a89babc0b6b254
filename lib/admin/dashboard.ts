import 'server-only';
import type { Db } from '@/lib/db';
import { addDaysISO, todayInBangkok } from '@/lib/dates/bangkok';

/** Start of a Bangkok calendar day as an instant. */
const bangkokMidnight = (iso: string) => new Date(`${iso}T00:00:00+07:00`);

export interface OccupancyRow {
  code: string;
  name: unknown;
  total: number;
  available: number;
  reserved: number;
  occupied: number;
  maintenance: number;
}

/** Units per type and status; retired units no longer count. */
export async function occupancy(db: Db): Promise<{ rows: OccupancyRow[]; overall: Omit<OccupancyRow, 'code' | 'name'> }> {
  const [types, counts] = await Promise.all([
    db.unitType.findMany({ orderBy: [{ displayOrder: 'asc' }, { sizeRank: 'asc' }], select: { id: true, code: true, name: true } }),
    db.unit.groupBy({ by: ['unitTypeId', 'status'], where: { retiredAt: null }, _count: { _all: true } }),
  ]);
  const rows = types.map((t) => {
    const of = (status: string) => counts.find((c) => c.unitTypeId === t.id && c.status === status)?._count._all ?? 0;
    const row = { code: t.code, name: t.name, available: of('available'), reserved: of('reserved'), occupied: of('occupied'), maintenance: of('maintenance'), total: 0 };
    row.total = row.available + row.reserved + row.occupied + row.maintenance;
    return row;
  });
  const overall = rows.reduce(
    (a, r) => ({ total: a.total + r.total, available: a.available + r.available, reserved: a.reserved + r.reserved, occupied: a.occupied + r.occupied, maintenance: a.maintenance + r.maintenance }),
    { total: 0, available: 0, reserved: 0, occupied: 0, maintenance: 0 },
  );
  return { rows, overall };
}

/** First day of the Bangkok month containing `iso`, and of the month after. */
function monthBounds(iso: string): { start: string; next: string } {
  const [y, m] = iso.split('-').map(Number);
  const start = `${y}-${String(m).padStart(2, '0')}-01`;
  const n = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  return { start, next: `${n.y}-${String(n.m).padStart(2, '0')}-01` };
}

export interface MonthFigures {
  /** satang received (paid payments) less satang refunded */
  revenue: number;
  bookings: number;
}

async function monthFigures(db: Db, from: Date, to: Date): Promise<MonthFigures> {
  const [paid, refunded, bookings] = await Promise.all([
    db.payment.aggregate({ where: { paidAt: { gte: from, lt: to }, status: { in: ['paid', 'refunded'] } }, _sum: { amountSatang: true } }),
    db.refund.aggregate({ where: { createdAt: { gte: from, lt: to }, status: { not: 'failed' } }, _sum: { amountSatang: true } }),
    db.booking.count({ where: { createdAt: { gte: from, lt: to }, status: { notIn: ['expired'] } } }),
  ]);
  return { revenue: (paid._sum.amountSatang ?? 0) - (refunded._sum.amountSatang ?? 0), bookings };
}

/** This Bangkok month so far against the whole of last month. */
export async function monthComparison(db: Db, now = new Date()) {
  const today = todayInBangkok(now);
  const current = monthBounds(today);
  const previous = monthBounds(addDaysISO(current.start, -1));
  const [thisMonth, lastMonth] = await Promise.all([
    monthFigures(db, bangkokMidnight(current.start), bangkokMidnight(current.next)),
    monthFigures(db, bangkokMidnight(previous.start), bangkokMidnight(previous.next)),
  ]);
  return { thisMonth, lastMonth };
}

/** Payment states staff have to check (slip or transaction). */
export const TO_VERIFY = ['awaiting_verification', 'pending_bank_transfer', 'crypto_payment_sent', 'proof_uploaded'] as const;

/** Days after the due date at which the agreement has the unit overlocked (docs/product-rules.md). */
export const OVERLOCK_AFTER_DAYS = 30;

/**
 * The lists that need a person today. Billing-dependent queues (overdue, overlock) read invoices as they are
 * (open and past their due date, for bookings that are running); this one function is where billing adds its fields.
 */
export async function workQueues(db: Db, now = new Date()) {
  const today = todayInBangkok(now);
  const endOfToday = bangkokMidnight(addDaysISO(today, 1));
  const overlockBefore = new Date(now.getTime() - OVERLOCK_AFTER_DAYS * 86_400_000);
  const bookingSelect = { id: true, reference: true, status: true, paymentStatus: true, paymentMethod: true, holdExpiresAt: true, startDate: true, totalDueToday: true, customer: { select: { firstName: true, lastName: true, phone: true } }, unit: { select: { number: true } } } as const;
  const invoiceSelect = { id: true, number: true, totalSatang: true, dueAt: true, booking: { select: { id: true, reference: true, customer: { select: { firstName: true, lastName: true } }, unit: { select: { number: true } } } } } as const;
  const running = { status: { in: ['confirmed', 'active'] as ('confirmed' | 'active')[] } };

  const [toVerify, cashToday, overdue, toOverlock, moveOuts, waiting] = await Promise.all([
    db.booking.findMany({
      where: { status: 'reserved', paymentMethod: { in: ['bank_transfer', 'crypto'] }, paymentStatus: { in: [...TO_VERIFY] } },
      orderBy: [{ paymentStatus: 'desc' }, { holdExpiresAt: 'asc' }],
      take: 50,
      select: bookingSelect,
    }),
    db.booking.findMany({
      where: { status: 'reserved', paymentStatus: 'pending_arrival', OR: [{ holdExpiresAt: { lt: endOfToday } }, { startDate: { lte: new Date(`${today}T00:00:00.000Z`) } }] },
      orderBy: { holdExpiresAt: 'asc' },
      take: 50,
      select: bookingSelect,
    }),
    db.invoice.findMany({ where: { status: 'open', dueAt: { lt: now }, booking: running }, orderBy: { dueAt: 'asc' }, take: 50, select: invoiceSelect }),
    db.invoice.findMany({ where: { status: 'open', dueAt: { lt: overlockBefore }, booking: { status: 'active' } }, orderBy: { dueAt: 'asc' }, take: 50, select: invoiceSelect }),
    db.booking.findMany({
      where: { status: { in: ['confirmed', 'active'] }, moveOutDate: { not: null, lte: new Date(`${addDaysISO(today, 14)}T00:00:00.000Z`) } },
      orderBy: { moveOutDate: 'asc' },
      take: 50,
      select: { ...bookingSelect, moveOutDate: true },
    }),
    db.waitingListEntry.groupBy({ by: ['unitTypeId'], _count: { _all: true } }),
  ]);
  const types = await db.unitType.findMany({ where: { id: { in: waiting.map((w) => w.unitTypeId) } }, select: { id: true, code: true, name: true } });
  const waitingDemand = waiting
    .map((w) => ({ ...types.find((t) => t.id === w.unitTypeId)!, waiting: w._count._all }))
    .filter((w) => w.code)
    .sort((a, b) => b.waiting - a.waiting);
  return { toVerify, cashToday, overdue, toOverlock, moveOuts, waitingDemand };
}
