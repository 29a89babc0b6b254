import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { bangkokDateTime, thb, toCsv } from './csv';
import { sortDirSchema, type SortDir } from './list-query';

export const PROMO_PAGE_SIZE = 50;
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The promo-code list's sortable columns (ties: newest first). */
const PROMO_SORTS = {
  code: (d: SortDir): Prisma.PromoCodeOrderByWithRelationInput[] => [{ code: d }],
  uses: (d: SortDir): Prisma.PromoCodeOrderByWithRelationInput[] => [{ currentUses: d }],
  validFrom: (d: SortDir): Prisma.PromoCodeOrderByWithRelationInput[] => [{ validFrom: d }],
  validUntil: (d: SortDir): Prisma.PromoCodeOrderByWithRelationInput[] => [{ validUntil: { sort: d, nulls: 'last' } }],
  created: (d: SortDir): Prisma.PromoCodeOrderByWithRelationInput[] => [{ createdAt: d }],
} as const;
export const PROMO_SORT_KEYS = Object.keys(PROMO_SORTS) as (keyof typeof PROMO_SORTS)[];
export type PromoSort = keyof typeof PROMO_SORTS;

/** The promo-code list's filters, from the address bar; anything malformed is ignored rather than fatal. */
export const promoFiltersSchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(30).optional()).catch(undefined),
  /** the code's Active switch, on or off */
  active: z.preprocess(blankToUndefined, z.enum(['yes', 'no']).optional()).catch(undefined),
  sort: z.preprocess(blankToUndefined, z.enum(PROMO_SORT_KEYS as [PromoSort, ...PromoSort[]]).optional()).catch(undefined),
  dir: sortDirSchema,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type PromoFilters = z.infer<typeof promoFiltersSchema>;

export function promoWhere(f: PromoFilters): Prisma.PromoCodeWhereInput {
  const and: Prisma.PromoCodeWhereInput[] = [];
  if (f.q) and.push({ code: { contains: f.q, mode: 'insensitive' } });
  if (f.active) and.push({ isActive: f.active === 'yes' });
  return and.length ? { AND: and } : {};
}

/** The sort in force: the chosen column, or newest first. */
export function promoSort(f: PromoFilters): { sort: PromoSort; dir: SortDir } {
  return { sort: f.sort ?? 'created', dir: f.dir ?? (f.sort && f.sort !== 'created' ? 'asc' : 'desc') };
}

export function promoOrderBy(f: PromoFilters): Prisma.PromoCodeOrderByWithRelationInput[] {
  const { sort, dir } = promoSort(f);
  return [...PROMO_SORTS[sort](dir), { createdAt: 'desc' }, { id: 'asc' }];
}

export async function searchPromoCodes(db: Db, f: PromoFilters) {
  const where = promoWhere(f);
  const [total, rows] = await Promise.all([
    db.promoCode.count({ where }),
    db.promoCode.findMany({ where, orderBy: promoOrderBy(f), skip: (f.page - 1) * PROMO_PAGE_SIZE, take: PROMO_PAGE_SIZE }),
  ]);
  return { total, pages: Math.max(1, Math.ceil(total / PROMO_PAGE_SIZE)), rows };
}

export const PROMO_COLUMNS = ['code', 'active', 'discount_type', 'discount', 'uses', 'max_uses', 'valid_from', 'valid_until', 'created_at'];

/** The promo-code list's rows as CSV: exactly what its filters select, in its order (not paged). */
export async function promoListCsv(db: Db, f: PromoFilters): Promise<string> {
  const rows = await db.promoCode.findMany({ where: promoWhere(f), orderBy: promoOrderBy(f), take: 50_000 });
  return toCsv(
    PROMO_COLUMNS,
    rows.map((p) => [
      p.code,
      p.isActive ? 'yes' : 'no',
      p.discountType,
      p.discountType === 'percentage' ? String(p.discountValue) : thb(p.discountValue),
      p.currentUses,
      p.maxUses ?? '',
      bangkokDateTime(p.validFrom).slice(0, 10),
      bangkokDateTime(p.validUntil).slice(0, 10),
      bangkokDateTime(p.createdAt),
    ]),
  );
}
