import 'server-only';
import type { Db } from '@/lib/db';
import { Prisma } from '@/generated/prisma/client';
import { addDaysISO, bangkokMidnight, bangkokMonth, BUSINESS_TZ, dateColumn, todayInBangkok } from '@/lib/dates/bangkok';
import { pastMonthsCached } from './past-months-cache';
import { occupancy, type OccupancyRow } from '@/lib/catalog/demand';
import { FIRST_PAYMENT_TO_VERIFY, cashDueTodayWhere } from '@/lib/lifecycle/work-queues';

/** The business's time zone as an SQL literal (a constant, so GROUP BY sees one expression). */
const BUSINESS_TZ_SQL = Prisma.raw(`'${BUSINESS_TZ}'`);


/** The Bangkok month a day falls in: its first day and the next month's. */
const monthBounds = bangkokMonth;

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

/** Days after the due date at which the agreement has the unit overlocked (docs/product-rules.md). */
export const OVERLOCK_AFTER_DAYS = 30;

/**
 * The lists that need a person today. Billing-dependent queues (overdue, overlock) read invoices as they are
 * (open and past their due date, for bookings that are running); this one function is where billing adds its fields.
 */
export async function workQueues(db: Db, now = new Date()) {
  const today = todayInBangkok(now);
  const overlockBefore = new Date(now.getTime() - OVERLOCK_AFTER_DAYS * 86_400_000);
  const bookingSelect = { id: true, reference: true, status: true, paymentStatus: true, paymentMethod: true, holdExpiresAt: true, startDate: true, totalDueToday: true, customer: { select: { firstName: true, lastName: true, phone: true } }, unit: { select: { number: true } } } as const;
  const invoiceSelect = { id: true, number: true, totalSatang: true, dueAt: true, booking: { select: { id: true, reference: true, customer: { select: { firstName: true, lastName: true } }, unit: { select: { number: true } } } } } as const;
  const running = { status: { in: ['confirmed', 'active'] as ('confirmed' | 'active')[] } };

  const [toVerify, cashToday, overdue, toOverlock, moveOuts, waiting] = await Promise.all([
    db.booking.findMany({
      where: FIRST_PAYMENT_TO_VERIFY,
      orderBy: [{ paymentStatus: 'desc' }, { holdExpiresAt: 'asc' }],
      take: 50,
      select: bookingSelect,
    }),
    db.booking.findMany({
      where: cashDueTodayWhere(now),
      orderBy: { holdExpiresAt: 'asc' },
      take: 50,
      select: bookingSelect,
    }),
    db.invoice.findMany({ where: { status: 'open', dueAt: { lt: now }, booking: running }, orderBy: { dueAt: 'asc' }, take: 50, select: invoiceSelect }),
    db.invoice.findMany({ where: { status: 'open', dueAt: { lt: overlockBefore }, booking: { status: 'active' } }, orderBy: { dueAt: 'asc' }, take: 50, select: invoiceSelect }),
    db.booking.findMany({
      where: { status: { in: ['confirmed', 'active'] }, moveOutDate: { not: null, lte: dateColumn(addDaysISO(today, 14)) } },
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

// ---- Trends (docs/product-rules.md#dashboard-trends-and-rate-suggestions): every figure is one SQL aggregation.
// Timestamps are stored as UTC without a zone: `x AT TIME ZONE 'UTC' AT TIME ZONE BUSINESS_TZ` is their Bangkok wall time.

/** The first days ("YYYY-MM-01") of the `count` Bangkok months up to and including the one containing `now`. */
export function lastMonths(count: number, now = new Date()): string[] {
  const months: string[] = [];
  let start = monthBounds(todayInBangkok(now)).start;
  for (let i = 0; i < count; i++) {
    months.unshift(start);
    start = monthBounds(addDaysISO(start, -1)).start;
  }
  return months;
}

const ym = (iso: string) => iso.slice(0, 7);
const num = (v: unknown) => Number(v ?? 0);

export interface OccupancyTrend {
  months: string[];
  types: { code: string; name: unknown; pct: number[] }[];
}

/** Today's occupancy of a type as the dashboard's table states it: units occupied or reserved over units in service. */
export const occupancyPct = (r: Pick<OccupancyRow, 'occupied' | 'reserved' | 'total'>) => (r.total ? Math.round(((r.occupied + r.reserved) / r.total) * 100) : 0);

/**
 * Per unit type, the share of its units rented at the end of each of the last 12 months: a rental counts from its
 * start date until it ended (or its move-out date); units count from creation until retired. This month's point is
 * today's occupancy exactly as the table beside the chart counts it (units occupied or reserved, from the units' own
 * state: a booking held or confirmed for a later start already takes its unit), so the chart never draws another
 * number than the table (docs/product-rules.md#dashboard-trends-and-rate-suggestions).
 */
export async function occupancyTrend(db: Db, now = new Date()): Promise<OccupancyTrend> {
  const months = lastMonths(12, now);
  const today = todayInBangkok(now);
  // The eleven closed months' ends kept a minute (lib/admin/past-months-cache.ts); this month's, today, read fresh.
  const [past, current, types] = await Promise.all([
    pastMonthsCached(db, `occupancy:${months[0]}:${months[10]}`, () => occupancyRows(db, months.slice(0, 11), today)),
    occupancy(db),
    db.unitType.findMany({ orderBy: [{ displayOrder: 'asc' }, { sizeRank: 'asc' }], select: { code: true, name: true } }),
  ]);
  return {
    months,
    types: types.map((t) => ({
      code: t.code,
      name: t.name,
      pct: months.map((mo, i) => {
        if (i === months.length - 1) {
          const row = current.rows.find((x) => x.code === t.code);
          return row ? occupancyPct(row) : 0;
        }
        const r = past.find((x) => x.code === t.code && x.month === ym(mo));
        const units = num(r?.units);
        return units ? Math.min(100, Math.round((num(r?.rented) / units) * 100)) : 0;
      }),
    })),
  };
}

/** Rented and existing units per type at the end of each of `months` ("YYYY-MM-01", in order; today at the latest). */
function occupancyRows(db: Db, months: string[], today: string) {
  const first = months[0];
  // The months as a VALUES list, not generate_series: the planner then knows how many there are (it assumes 1,000
  // rows of a function, which priced the joins high enough to JIT-compile them: ~100 ms per view on the bench).
  const monthList = Prisma.join(months.map((mo) => Prisma.sql`(${mo}::date)`));
  // One pass over the rentals and one over the units, each joined to the 12 month ends (no per-type subqueries).
  // Each month end's next Bangkok midnight as a stored (UTC) timestamp, `after`: a stored instant falls on or before
  // the snapshot day exactly when it is before `after`, so no row is converted to Bangkok time once per month.
  return db.$queryRaw<{ code: string; month: string; rented: bigint; units: bigint }[]>`
    WITH m AS (
      SELECT month, snap, ((snap + 1)::timestamp AT TIME ZONE ${BUSINESS_TZ_SQL}) AT TIME ZONE 'UTC' AS after
      FROM (
        SELECT to_char(d, 'YYYY-MM') AS month, LEAST((d + interval '1 month' - interval '1 day')::date, ${today}::date) AS snap
        FROM (VALUES ${monthList}) AS v(d)
      ) s
    ),
    r AS (
      SELECT b.unit_type_id, m.month, count(*) AS n
      FROM bookings b JOIN m ON b.start_date <= m.snap
        AND CASE WHEN b.ended_at IS NOT NULL THEN b.ended_at >= m.after WHEN b.move_out_date IS NOT NULL THEN b.move_out_date > m.snap ELSE true END
      WHERE b.unit_id IS NOT NULL AND b.status::text IN ('confirmed', 'active', 'ended')
        -- only rentals that overlap the twelve months (implied by the join; filters the history once, not per month)
        AND b.start_date <= ${today}::date AND (b.ended_at IS NULL OR b.ended_at >= ${bangkokMidnight(first)}) AND (b.ended_at IS NOT NULL OR b.move_out_date IS NULL OR b.move_out_date > ${first}::date)
      GROUP BY 1, 2
    ),
    u AS (
      SELECT x.unit_type_id, m.month, count(*) AS n
      FROM units x JOIN m ON x.created_at < m.after AND (x.retired_at IS NULL OR x.retired_at >= m.after)
      GROUP BY 1, 2
    )
    SELECT ut.code, u.month, COALESCE(r.n, 0) AS rented, u.n AS units
    FROM u JOIN unit_types ut ON ut.id = u.unit_type_id
    LEFT JOIN r ON r.unit_type_id = u.unit_type_id AND r.month = u.month`;
}

export interface RevenueTrend {
  months: string[];
  /** satang per month, this year and the same month a year before */
  current: number[];
  previous: number[];
}

/** Money received less refunds per Bangkok month, the last 12 against the 12 before (as the month cards count it). */
export async function revenueTrend(db: Db, now = new Date()): Promise<RevenueTrend> {
  const all = lastMonths(24, now);
  const thisMonth = bangkokMidnight(all[23]);
  // The 23 closed months kept a minute (lib/admin/past-months-cache.ts); this month so far read fresh.
  const [past, current] = await Promise.all([
    pastMonthsCached(db, `revenue:${all[0]}:${all[22]}`, () => netByMonth(db, bangkokMidnight(all[0]), thisMonth)),
    netByMonth(db, thisMonth, now),
  ]);
  const paid = [...past.paid, ...current.paid];
  const refunded = [...past.refunded, ...current.refunded];
  const net = (mo: string) => num(paid.find((p) => p.month === ym(mo))?.sum) - num(refunded.find((p) => p.month === ym(mo))?.sum);
  return { months: all.slice(12), current: all.slice(12).map(net), previous: all.slice(0, 12).map(net) };
}

/** Payments received and refunds made per Bangkok month, from `from` up to (not including) `to`. */
async function netByMonth(db: Db, from: Date, to: Date) {
  const [paid, refunded] = await Promise.all([
    db.$queryRaw<{ month: string; sum: bigint }[]>`
      SELECT to_char(paid_at AT TIME ZONE 'UTC' AT TIME ZONE ${BUSINESS_TZ_SQL}, 'YYYY-MM') AS month, sum(amount_satang) AS sum
      FROM payments WHERE status::text IN ('paid', 'refunded') AND paid_at >= ${from} AND paid_at < ${to} GROUP BY 1`,
    db.$queryRaw<{ month: string; sum: bigint }[]>`
      SELECT to_char(created_at AT TIME ZONE 'UTC' AT TIME ZONE ${BUSINESS_TZ_SQL}, 'YYYY-MM') AS month, sum(amount_satang) AS sum
      FROM refunds WHERE status <> 'failed' AND created_at >= ${from} AND created_at < ${to} GROUP BY 1`,
  ]);
  return { paid, refunded };
}

export const ARREARS_BUCKETS = ['0-10', '11-30', '31-60', '60+'] as const;
export type ArrearsBucket = (typeof ARREARS_BUCKETS)[number];

/** Open invoices of running rentals past their due date, by Bangkok days overdue (0–10, 11–30, 31–60, over 60). */
export async function arrearsByAge(db: Db, now = new Date()): Promise<{ bucket: ArrearsBucket; invoices: number; satang: number }[]> {
  const today = todayInBangkok(now);
  const rows = await db.$queryRaw<{ bucket: ArrearsBucket; invoices: bigint; satang: bigint }[]>`
    SELECT CASE
        WHEN ${today}::date - (i.due_at AT TIME ZONE 'UTC' AT TIME ZONE ${BUSINESS_TZ_SQL})::date <= 10 THEN '0-10'
        WHEN ${today}::date - (i.due_at AT TIME ZONE 'UTC' AT TIME ZONE ${BUSINESS_TZ_SQL})::date <= 30 THEN '11-30'
        WHEN ${today}::date - (i.due_at AT TIME ZONE 'UTC' AT TIME ZONE ${BUSINESS_TZ_SQL})::date <= 60 THEN '31-60'
        ELSE '60+' END AS bucket,
      count(*) AS invoices, sum(i.total_satang) AS satang
    FROM invoices i JOIN bookings b ON b.id = i.booking_id
    WHERE i.status = 'open' AND i.due_at < ${now} AND b.status::text IN ('confirmed', 'active')
    GROUP BY 1`;
  return ARREARS_BUCKETS.map((bucket) => {
    const r = rows.find((x) => x.bucket === bucket);
    return { bucket, invoices: num(r?.invoices), satang: num(r?.satang) };
  });
}

export interface ConversionTrend {
  months: string[];
  starts: number[];
  /** bookings made in the month (a hold that lapsed unpaid is not one) */
  bookings: number[];
  /** of those bookings, the ones that have moved in */
  movedIn: number[];
}

/** Wizard starts → bookings → move-ins per Bangkok month, the last 12 months. */
export async function conversionTrend(db: Db, now = new Date()): Promise<ConversionTrend> {
  const months = lastMonths(12, now);
  // The eleven closed months kept a minute (lib/admin/past-months-cache.ts); this month read fresh.
  const [past, current] = await Promise.all([
    pastMonthsCached(db, `conversion:${months[0]}:${months[10]}`, () => conversionByMonth(db, months[0], months[11])),
    conversionByMonth(db, months[11], null),
  ]);
  const starts = [...past.starts, ...current.starts];
  const bookings = [...past.bookings, ...current.bookings];
  return {
    months,
    starts: months.map((mo) => num(starts.find((s) => s.month === ym(mo))?.n)),
    bookings: months.map((mo) => num(bookings.find((s) => s.month === ym(mo))?.n)),
    movedIn: months.map((mo) => num(bookings.find((s) => s.month === ym(mo))?.moved)),
  };
}

/** Wizard starts and bookings per Bangkok month from the month `first` up to the month `before` ("YYYY-MM-01"; null: on). */
async function conversionByMonth(db: Db, first: string, before: string | null) {
  const dayBefore = before ? Prisma.sql`AND day < ${before}::date` : Prisma.empty;
  const createdBefore = before ? Prisma.sql`AND created_at < ${bangkokMidnight(before)}` : Prisma.empty;
  const [starts, bookings] = await Promise.all([
    db.$queryRaw<{ month: string; n: bigint }[]>`
      SELECT to_char(day, 'YYYY-MM') AS month, sum(count) AS n FROM wizard_start_days
      WHERE day >= ${first}::date ${dayBefore} GROUP BY 1`,
    db.$queryRaw<{ month: string; n: bigint; moved: bigint }[]>`
      SELECT to_char(created_at AT TIME ZONE 'UTC' AT TIME ZONE ${BUSINESS_TZ_SQL}, 'YYYY-MM') AS month, count(*) AS n, count(moved_in_at) AS moved
      FROM bookings WHERE created_at >= ${bangkokMidnight(first)} ${createdBefore} AND status::text <> 'expired' GROUP BY 1`,
  ]);
  return { starts, bookings };
}
