import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { BookingStatus, PaymentMethod, PaymentStatus } from '@/generated/prisma/enums';
import { hashSummary, type ConfirmationSummary } from '@/lib/booking/snapshot';
import { cappedCount, sortDirSchema, type SortDir } from './list-query';
import { customerIdsMatching } from './matching-ids';
import { phoneKey } from './search-terms';
import { FREE_UNIT } from '@/lib/units/free';
import { bangkokDayRange } from '@/lib/dates/bangkok';

export const BOOKINGS_PAGE_SIZE = 25;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The bookings list's sortable columns and how each orders the rows (ties: newest first, then by id, for stable pages). */
const BOOKING_SORTS = {
  reference: (d: SortDir): Prisma.BookingOrderByWithRelationInput[] => [{ reference: d }],
  customer: (d: SortDir): Prisma.BookingOrderByWithRelationInput[] => [{ customer: { lastName: d } }, { customer: { firstName: d } }],
  type: (d: SortDir): Prisma.BookingOrderByWithRelationInput[] => [{ unitType: { code: d } }],
  unit: (d: SortDir): Prisma.BookingOrderByWithRelationInput[] => [{ unit: { number: d } }],
  start: (d: SortDir): Prisma.BookingOrderByWithRelationInput[] => [{ startDate: d }],
  status: (d: SortDir): Prisma.BookingOrderByWithRelationInput[] => [{ status: d }],
  payment: (d: SortDir): Prisma.BookingOrderByWithRelationInput[] => [{ paymentStatus: d }],
  amount: (d: SortDir): Prisma.BookingOrderByWithRelationInput[] => [{ totalDueToday: d }],
  created: (d: SortDir): Prisma.BookingOrderByWithRelationInput[] => [{ createdAt: d }],
} as const;
export const BOOKING_SORT_KEYS = Object.keys(BOOKING_SORTS) as (keyof typeof BOOKING_SORTS)[];
export type BookingSort = keyof typeof BOOKING_SORTS;

/** The bookings list's search and filters, from the address bar; anything malformed is ignored rather than fatal. */
export const bookingFiltersSchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()).catch(undefined),
  status: z.preprocess(blankToUndefined, z.enum(BookingStatus).optional()).catch(undefined),
  payment: z.preprocess(blankToUndefined, z.enum(PaymentStatus).optional()).catch(undefined),
  method: z.preprocess(blankToUndefined, z.enum(PaymentMethod).optional()).catch(undefined),
  /** created on or after / on or before (Bangkok dates) */
  from: z.preprocess(blankToUndefined, isoDate.optional()).catch(undefined),
  to: z.preprocess(blankToUndefined, isoDate.optional()).catch(undefined),
  sort: z.preprocess(blankToUndefined, z.enum(BOOKING_SORT_KEYS as [BookingSort, ...BookingSort[]]).optional()).catch(undefined),
  dir: sortDirSchema,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type BookingFilters = z.infer<typeof bookingFiltersSchema>;

/**
 * The customers a bookings search matches (each alternative has a trigram index: README "Performance" → "Scale").
 * A query that looks like a phone number is matched by its national part (phoneKey, the staff search's rule:
 * docs/product-rules.md "Staff search") against the digits of the phone as stored, which the database keeps in
 * `phone_digits`: '+66 81 234 5678' is found by '812345678', '081 234 5678' or its last digits.
 */
export function bookingCustomerWhere(q: string): Prisma.CustomerWhereInput {
  const phone = phoneKey(q);
  return {
    OR: [
      { email: { contains: q.toLowerCase() } },
      { firstName: { contains: q, mode: 'insensitive' } },
      { lastName: { contains: q, mode: 'insensitive' } },
      { companyName: { contains: q, mode: 'insensitive' } },
      ...(phone ? [{ phoneDigits: { contains: phone } }] : []),
    ],
  };
}

/**
 * The list's filter. `customerIds`: the matching customers found first (searchBookings, lib/admin/matching-ids.ts);
 * without them (the CSV export, or too many matches) one customer filter holds the alternatives, so Prisma joins the
 * customer once (once per alternative otherwise, which made a search scan five joins of every booking).
 */
export function bookingWhere(f: BookingFilters, customerIds: string[] | null = null): Prisma.BookingWhereInput {
  const and: Prisma.BookingWhereInput[] = [];
  if (f.q) {
    const q = f.q;
    and.push({
      OR: [{ reference: { contains: q.toUpperCase() } }, customerIds ? { customerId: { in: customerIds } } : { customer: bookingCustomerWhere(q) }],
    });
  }
  if (f.status) and.push({ status: f.status });
  if (f.payment) and.push({ paymentStatus: f.payment });
  if (f.method) and.push({ paymentMethod: f.method });
  if (f.from || f.to) and.push({ createdAt: bangkokDayRange(f.from, f.to) });
  return and.length ? { AND: and } : {};
}

/** The sort in force: the chosen column, or newest first. */
export function bookingSort(f: BookingFilters): { sort: BookingSort; dir: SortDir } {
  return { sort: f.sort ?? 'created', dir: f.dir ?? (f.sort ? 'asc' : 'desc') };
}

export function bookingOrderBy(f: BookingFilters): Prisma.BookingOrderByWithRelationInput[] {
  const { sort, dir } = bookingSort(f);
  return [...BOOKING_SORTS[sort](dir), { createdAt: 'desc' }, { id: 'asc' }];
}

/** One page of bookings in the chosen order, counted and paged in the database. */
export async function searchBookings(db: Db, f: BookingFilters) {
  const where = bookingWhere(f, f.q ? await customerIdsMatching(db, bookingCustomerWhere(f.q)) : null);
  const [total, rows] = await Promise.all([
    cappedCount(f.page, BOOKINGS_PAGE_SIZE, (take) => db.booking.count({ where, take })),
    db.booking.findMany({
      where,
      orderBy: bookingOrderBy(f),
      skip: (f.page - 1) * BOOKINGS_PAGE_SIZE,
      take: BOOKINGS_PAGE_SIZE,
      select: {
        id: true,
        reference: true,
        status: true,
        paymentStatus: true,
        paymentMethod: true,
        startDate: true,
        totalDueToday: true,
        createdAt: true,
        customer: { select: { firstName: true, lastName: true, email: true, phone: true, companyName: true } },
        unitType: { select: { code: true } },
        unit: { select: { number: true } },
      },
    }),
  ]);
  return { total: total.count, totalCapped: total.capped, rows, pages: Math.max(1, Math.ceil(total.count / BOOKINGS_PAGE_SIZE)) };
}

/** Everything the review page shows about one booking. */
export async function bookingForReview(db: Db, id: string) {
  return db.booking.findUnique({
    where: { id },
    include: {
      customer: true,
      unitType: true,
      unit: true,
      heldUnit: true,
      promoCode: { select: { code: true } },
      supplyLines: { include: { supply: { select: { name: true } } } },
      snapshot: true,
      invoices: { orderBy: { issuedAt: 'asc' }, include: { lines: { orderBy: { position: 'asc' } } } },
      payments: { orderBy: { createdAt: 'asc' } },
      refunds: { orderBy: { createdAt: 'asc' } },
      proofs: { orderBy: { uploadedAt: 'asc' } },
      emails: { orderBy: { createdAt: 'asc' }, select: { id: true, template: true, toAddress: true, subject: true, status: true, attempts: true, sentAt: true, createdAt: true, lastError: true } },
      notes: { orderBy: { createdAt: 'desc' } },
    },
  });
}

/** Whether the stored snapshot still matches the hash taken when the booking was made (nobody edited it since). */
export function snapshotIntact(snapshot: { payload: unknown; payloadHash: string } | null): boolean | null {
  if (!snapshot) return null;
  return hashSummary(snapshot.payload as ConfirmationSummary) === snapshot.payloadHash;
}

/** Free units a booking could move to or move into: its own type, available, not retired. */
export function freeUnitsOfType(db: Db, unitTypeId: string) {
  return db.unit.findMany({ where: { unitTypeId, ...FREE_UNIT }, orderBy: { number: 'asc' }, select: { id: true, number: true } });
}
