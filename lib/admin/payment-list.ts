import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { PaymentMethod, PaymentStatus } from '@/generated/prisma/enums';
import { sortDirSchema, type SortDir } from './list-query';
import { bangkokDayRange } from '@/lib/dates/bangkok';

export const PAYMENTS_PAGE_SIZE = 25;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The payments list's sortable columns (ties: newest first, then by id, for stable pages). */
const PAYMENT_SORTS = {
  created: (d: SortDir): Prisma.PaymentOrderByWithRelationInput[] => [{ createdAt: d }],
  paid: (d: SortDir): Prisma.PaymentOrderByWithRelationInput[] => [{ paidAt: { sort: d, nulls: 'last' } }],
  booking: (d: SortDir): Prisma.PaymentOrderByWithRelationInput[] => [{ booking: { reference: d } }],
  invoice: (d: SortDir): Prisma.PaymentOrderByWithRelationInput[] => [{ invoice: { number: d } }],
  method: (d: SortDir): Prisma.PaymentOrderByWithRelationInput[] => [{ method: d }],
  status: (d: SortDir): Prisma.PaymentOrderByWithRelationInput[] => [{ status: d }],
  amount: (d: SortDir): Prisma.PaymentOrderByWithRelationInput[] => [{ amountSatang: d }],
} as const;
export const PAYMENT_SORT_KEYS = Object.keys(PAYMENT_SORTS) as (keyof typeof PAYMENT_SORTS)[];
export type PaymentSort = keyof typeof PAYMENT_SORTS;

/** Every payment: search and filters from the address bar; anything malformed is ignored rather than fatal. */
export const paymentFiltersSchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()).catch(undefined),
  status: z.preprocess(blankToUndefined, z.enum(PaymentStatus).optional()).catch(undefined),
  method: z.preprocess(blankToUndefined, z.enum(PaymentMethod).optional()).catch(undefined),
  /** made on or after / on or before (Bangkok dates) */
  from: z.preprocess(blankToUndefined, isoDate.optional()).catch(undefined),
  to: z.preprocess(blankToUndefined, isoDate.optional()).catch(undefined),
  sort: z.preprocess(blankToUndefined, z.enum(PAYMENT_SORT_KEYS as [PaymentSort, ...PaymentSort[]]).optional()).catch(undefined),
  dir: sortDirSchema,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type PaymentFilters = z.infer<typeof paymentFiltersSchema>;

export function paymentWhere(f: PaymentFilters): Prisma.PaymentWhereInput {
  const and: Prisma.PaymentWhereInput[] = [];
  if (f.q) {
    const q = f.q;
    const insensitive = 'insensitive' as const;
    and.push({
      OR: [
        { booking: { reference: { contains: q, mode: insensitive } } },
        { invoice: { number: { contains: q, mode: insensitive } } },
        { providerPaymentId: { contains: q } },
        { booking: { customer: { companyName: { contains: q, mode: insensitive } } } },
        { AND: q.split(/\s+/).filter(Boolean).slice(0, 5).map((w) => ({ OR: [{ booking: { customer: { firstName: { contains: w, mode: insensitive } } } }, { booking: { customer: { lastName: { contains: w, mode: insensitive } } } }] })) },
      ],
    });
  }
  if (f.status) and.push({ status: f.status });
  if (f.method) and.push({ method: f.method });
  if (f.from || f.to) and.push({ createdAt: bangkokDayRange(f.from, f.to) });
  return and.length ? { AND: and } : {};
}

/** The sort in force: the chosen column, or newest first. */
export function paymentSort(f: PaymentFilters): { sort: PaymentSort; dir: SortDir } {
  return { sort: f.sort ?? 'created', dir: f.dir ?? (f.sort ? 'asc' : 'desc') };
}

export function paymentOrderBy(f: PaymentFilters): Prisma.PaymentOrderByWithRelationInput[] {
  const { sort, dir } = paymentSort(f);
  return [...PAYMENT_SORTS[sort](dir), { createdAt: 'desc' }, { id: 'asc' }];
}

/** One page of payments in the chosen order, counted and paged in the database. */
export async function searchPayments(db: Db, f: PaymentFilters) {
  const where = paymentWhere(f);
  const [total, rows] = await Promise.all([
    db.payment.count({ where }),
    db.payment.findMany({
      where,
      orderBy: paymentOrderBy(f),
      skip: (f.page - 1) * PAYMENTS_PAGE_SIZE,
      take: PAYMENTS_PAGE_SIZE,
      select: {
        id: true,
        method: true,
        status: true,
        amountSatang: true,
        createdAt: true,
        paidAt: true,
        provider: true,
        invoice: { select: { id: true, number: true } },
        booking: { select: { id: true, reference: true, customer: { select: { firstName: true, lastName: true, companyName: true } } } },
      },
    }),
  ]);
  return { total, rows, pages: Math.max(1, Math.ceil(total / PAYMENTS_PAGE_SIZE)) };
}
