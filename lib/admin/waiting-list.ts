import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { pickLocalized } from '@/lib/i18n/localized';
import { bangkokDateTime, toCsv } from './csv';
import { phoneKey } from './search-terms';
import { sortDirSchema, type SortDir } from './list-query';

export const WAITING_PAGE_SIZE = 50;
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The waiting list's sortable columns (ties: first in line first). */
const WAITING_SORTS = {
  name: (d: SortDir): Prisma.WaitingListEntryOrderByWithRelationInput[] => [{ name: d }],
  email: (d: SortDir): Prisma.WaitingListEntryOrderByWithRelationInput[] => [{ email: d }],
  type: (d: SortDir): Prisma.WaitingListEntryOrderByWithRelationInput[] => [{ unitType: { displayOrder: d } }, { unitType: { sizeRank: d } }],
  joined: (d: SortDir): Prisma.WaitingListEntryOrderByWithRelationInput[] => [{ createdAt: d }],
  notified: (d: SortDir): Prisma.WaitingListEntryOrderByWithRelationInput[] => [{ notifiedAt: { sort: d, nulls: 'last' } }],
} as const;
export const WAITING_SORT_KEYS = Object.keys(WAITING_SORTS) as (keyof typeof WAITING_SORTS)[];
export type WaitingSort = keyof typeof WAITING_SORTS;

/** The waiting list's search and filters, from the address bar; anything malformed is ignored rather than fatal. */
export const waitingFiltersSchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()).catch(undefined),
  type: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()).catch(undefined),
  sort: z.preprocess(blankToUndefined, z.enum(WAITING_SORT_KEYS as [WaitingSort, ...WaitingSort[]]).optional()).catch(undefined),
  dir: sortDirSchema,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type WaitingFilters = z.infer<typeof waitingFiltersSchema>;

/**
 * Entries whose phone, stored as typed, holds the phone key: the same national-part rule as the staff search
 * (lib/admin/search-terms.ts phoneKey), applied in the database. A scan: one facility's waiting list is short.
 */
async function idsByPhone(db: Db, key: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM (SELECT id, regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') AS p FROM waiting_list_entries) w
    WHERE p <> '' AND (CASE WHEN p LIKE '66%' AND length(p) >= 10 THEN substr(p, 3) WHEN p LIKE '0%' THEN substr(p, 2) ELSE p END) LIKE ${`%${key}%`}
    LIMIT 500`;
  return rows.map((r) => r.id);
}

export async function waitingWhere(db: Db, f: WaitingFilters): Promise<Prisma.WaitingListEntryWhereInput> {
  const and: Prisma.WaitingListEntryWhereInput[] = [];
  if (f.q) {
    const phone = phoneKey(f.q);
    const phoneIds = phone ? await idsByPhone(db, phone) : [];
    and.push({
      OR: [
        { name: { contains: f.q, mode: 'insensitive' } },
        { email: { contains: f.q, mode: 'insensitive' } },
        ...(phoneIds.length ? [{ id: { in: phoneIds } }] : []),
      ],
    });
  }
  if (f.type) and.push({ unitType: { code: f.type } });
  return and.length ? { AND: and } : {};
}

/** The sort in force: the chosen column, or first in line first. */
export function waitingSort(f: WaitingFilters): { sort: WaitingSort; dir: SortDir } {
  return { sort: f.sort ?? 'joined', dir: f.dir ?? 'asc' };
}

export function waitingOrderBy(f: WaitingFilters): Prisma.WaitingListEntryOrderByWithRelationInput[] {
  const { sort, dir } = waitingSort(f);
  return [...WAITING_SORTS[sort](dir), { createdAt: 'asc' }, { id: 'asc' }];
}

const waitingSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  locale: true,
  createdAt: true,
  notifiedAt: true,
  confirmedAt: true,
  unitType: { select: { code: true, name: true } },
} as const satisfies Prisma.WaitingListEntrySelect;

/** A page at a time in the chosen order. */
export async function searchWaitingList(db: Db, f: WaitingFilters) {
  const where = await waitingWhere(db, f);
  const [total, rows] = await Promise.all([
    db.waitingListEntry.count({ where }),
    db.waitingListEntry.findMany({ where, orderBy: waitingOrderBy(f), skip: (f.page - 1) * WAITING_PAGE_SIZE, take: WAITING_PAGE_SIZE, select: waitingSelect }),
  ]);
  return { total, pages: Math.max(1, Math.ceil(total / WAITING_PAGE_SIZE)), rows };
}

export const WAITING_COLUMNS = ['name', 'email', 'phone', 'language', 'unit_type', 'unit_type_name', 'joined_at', 'confirmed_at', 'last_told_at'];

/** The waiting list's rows as CSV: exactly what its filters select, in its order (not paged). */
export async function waitingListCsv(db: Db, f: WaitingFilters): Promise<string> {
  const rows = await db.waitingListEntry.findMany({ where: await waitingWhere(db, f), orderBy: waitingOrderBy(f), take: 50_000, select: waitingSelect });
  return toCsv(
    WAITING_COLUMNS,
    rows.map((w) => [w.name, w.email, w.phone ?? '', w.locale, w.unitType.code, pickLocalized<string>(w.unitType.name, 'en') ?? w.unitType.code, bangkokDateTime(w.createdAt), bangkokDateTime(w.confirmedAt), bangkokDateTime(w.notifiedAt)]),
  );
}
