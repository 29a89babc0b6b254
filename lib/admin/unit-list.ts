import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { UnitStatus } from '@/generated/prisma/enums';
import { pickLocalized } from '@/lib/i18n/localized';
import { bangkokDateTime, toCsv } from './csv';
import { sortDirSchema, type SortDir } from './list-query';

export const UNITS_PAGE_SIZE = 50;
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The units list's sortable columns (ties: the unit number). */
const UNIT_SORTS = {
  number: (d: SortDir): Prisma.UnitOrderByWithRelationInput[] => [{ number: d }],
  type: (d: SortDir): Prisma.UnitOrderByWithRelationInput[] => [{ unitType: { displayOrder: d } }, { unitType: { sizeRank: d } }],
  state: (d: SortDir): Prisma.UnitOrderByWithRelationInput[] => [{ status: d }, { retiredAt: { sort: d, nulls: 'first' } }],
  booking: (d: SortDir): Prisma.UnitOrderByWithRelationInput[] => [{ currentBooking: { reference: d } }],
} as const;
export const UNIT_SORT_KEYS = Object.keys(UNIT_SORTS) as (keyof typeof UNIT_SORTS)[];
export type UnitSort = keyof typeof UNIT_SORTS;
/** A unit's state as the list shows it: its status, or retired (out of service for good). */
export const UNIT_STATES = [...Object.values(UnitStatus), 'retired'] as const;

/** The units list's search and filters, from the address bar; anything malformed is ignored rather than fatal. */
export const unitFiltersSchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()).catch(undefined),
  type: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()).catch(undefined),
  state: z.preprocess(blankToUndefined, z.enum(UNIT_STATES).optional()).catch(undefined),
  sort: z.preprocess(blankToUndefined, z.enum(UNIT_SORT_KEYS as [UnitSort, ...UnitSort[]]).optional()).catch(undefined),
  dir: sortDirSchema,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type UnitFilters = z.infer<typeof unitFiltersSchema>;

export function unitWhere(f: UnitFilters): Prisma.UnitWhereInput {
  const and: Prisma.UnitWhereInput[] = [];
  if (f.q) and.push({ OR: [{ number: { contains: f.q, mode: 'insensitive' } }, { currentBooking: { reference: { contains: f.q.toUpperCase() } } }] });
  if (f.type) and.push({ unitType: { code: f.type } });
  if (f.state === 'retired') and.push({ retiredAt: { not: null } });
  else if (f.state) and.push({ status: f.state, retiredAt: null });
  return and.length ? { AND: and } : {};
}

/** The sort in force: the chosen column, or by unit type then number (the order of the building). */
export function unitSort(f: UnitFilters): { sort: UnitSort; dir: SortDir } {
  return { sort: f.sort ?? 'type', dir: f.dir ?? 'asc' };
}

export function unitOrderBy(f: UnitFilters): Prisma.UnitOrderByWithRelationInput[] {
  const { sort, dir } = unitSort(f);
  return [...UNIT_SORTS[sort](dir), { number: 'asc' }, { id: 'asc' }];
}

const unitSelect = {
  id: true,
  number: true,
  status: true,
  retiredAt: true,
  createdAt: true,
  unitType: { select: { code: true, name: true } },
  currentBooking: { select: { id: true, reference: true } },
} as const satisfies Prisma.UnitSelect;

/** A page at a time in the chosen order. */
export async function searchUnits(db: Db, f: UnitFilters) {
  const where = unitWhere(f);
  const [total, rows] = await Promise.all([
    db.unit.count({ where }),
    db.unit.findMany({ where, orderBy: unitOrderBy(f), skip: (f.page - 1) * UNITS_PAGE_SIZE, take: UNITS_PAGE_SIZE, select: unitSelect }),
  ]);
  return { total, pages: Math.max(1, Math.ceil(total / UNITS_PAGE_SIZE)), rows };
}

export const UNIT_COLUMNS = ['number', 'unit_type', 'unit_type_name', 'state', 'booking_reference', 'retired_at', 'created_at'];

/** The units list's rows as CSV: exactly what its filters select, in its order (not paged). */
export async function unitListCsv(db: Db, f: UnitFilters): Promise<string> {
  const rows = await db.unit.findMany({ where: unitWhere(f), orderBy: unitOrderBy(f), take: 50_000, select: unitSelect });
  return toCsv(
    UNIT_COLUMNS,
    rows.map((u) => [u.number, u.unitType.code, pickLocalized<string>(u.unitType.name, 'en') ?? u.unitType.code, u.retiredAt ? 'retired' : u.status, u.currentBooking?.reference ?? '', bangkokDateTime(u.retiredAt), bangkokDateTime(u.createdAt)]),
  );
}
