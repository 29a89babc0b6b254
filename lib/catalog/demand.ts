import 'server-only';
import type { Db } from '@/lib/db';
import { dateColumn, todayInBangkok } from '@/lib/dates/bangkok';

/**
 * The demand for each unit type (units taken, people waiting, wizard starts and bookings): what a rate suggestion is
 * made from (lib/catalog/rate-suggestions.ts), read again when one is applied, and shown on the dashboard
 * (lib/admin/dashboard.ts reads these, so the chart and the suggestion count the same units).
 */
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

/** The window of wizard starts and bookings the rate suggestions' conversion is read from (the dashboard says so). */
export const CONVERSION_WINDOW_DAYS = 90;

/**
 * Waiting-list entries per unit type (every type, zero included, in catalogue order): `waiting` those confirmed by
 * their email (who get offers and count for rate suggestions), `unconfirmed` those who have not pressed the link yet.
 * The chart draws both and the list staff see holds both, so the chart and the list never disagree.
 */
export async function waitingByType(db: Db): Promise<{ code: string; name: unknown; waiting: number; unconfirmed: number }[]> {
  const [types, confirmed, all] = await Promise.all([
    db.unitType.findMany({ orderBy: [{ displayOrder: 'asc' }, { sizeRank: 'asc' }], select: { id: true, code: true, name: true } }),
    db.waitingListEntry.groupBy({ by: ['unitTypeId'], where: { confirmedAt: { not: null } }, _count: { _all: true } }),
    db.waitingListEntry.groupBy({ by: ['unitTypeId'], _count: { _all: true } }),
  ]);
  return types.map((t) => {
    const waiting = confirmed.find((c) => c.unitTypeId === t.id)?._count._all ?? 0;
    const total = all.find((c) => c.unitTypeId === t.id)?._count._all ?? 0;
    return { code: t.code, name: t.name, waiting, unconfirmed: total - waiting };
  });
}

/** The figures each unit type's rate suggestion is made from (lib/catalog/rate-suggestions.ts). */
export async function suggestionInputs(db: Db, now = new Date()) {
  const since = new Date(now.getTime() - CONVERSION_WINDOW_DAYS * 86_400_000);
  const [occ, waiting, types, starts, bookings] = await Promise.all([
    occupancy(db),
    waitingByType(db),
    db.unitType.findMany({ where: { isActive: true }, orderBy: [{ displayOrder: 'asc' }, { sizeRank: 'asc' }], select: { code: true, name: true, baseRate: true, promoRate: true, promotionActive: true } }),
    db.wizardStartDay.aggregate({ where: { day: { gte: dateColumn(todayInBangkok(since)) } }, _sum: { count: true } }),
    db.booking.count({ where: { createdAt: { gte: since }, status: { not: 'expired' } } }),
  ]);
  return types.map((t) => {
    const o = occ.rows.find((r) => r.code === t.code);
    return {
      ...t,
      input: {
        baseRate: t.baseRate,
        totalUnits: o?.total ?? 0,
        takenUnits: (o?.occupied ?? 0) + (o?.reserved ?? 0),
        waiting: waiting.find((w) => w.code === t.code)?.waiting ?? 0,
        starts: starts._sum.count ?? 0,
        bookings,
      },
    };
  });
}
