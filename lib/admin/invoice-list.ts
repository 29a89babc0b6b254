import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { InvoiceStatus, PaymentMethod } from '@/generated/prisma/enums';
import { bangkokMidnight, bangkokMonthRange, todayInBangkok } from '@/lib/dates/bangkok';
import { cappedCount, sortDirSchema, type SortDir } from './list-query';
import { bookingIdsMatching, customerIdsMatching } from './matching-ids';

export const INVOICES_PAGE_SIZE = 25;
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The invoice list's sortable columns (ties: newest issued first, then the number's sequence). */
const INVOICE_SORTS = {
  number: (d: SortDir): Prisma.InvoiceOrderByWithRelationInput[] => [{ number: d }],
  customer: (d: SortDir): Prisma.InvoiceOrderByWithRelationInput[] => [{ booking: { customer: { lastName: d } } }, { booking: { customer: { firstName: d } } }],
  booking: (d: SortDir): Prisma.InvoiceOrderByWithRelationInput[] => [{ booking: { reference: d } }],
  issued: (d: SortDir): Prisma.InvoiceOrderByWithRelationInput[] => [{ issuedAt: d }],
  due: (d: SortDir): Prisma.InvoiceOrderByWithRelationInput[] => [{ dueAt: { sort: d, nulls: 'last' } }],
  total: (d: SortDir): Prisma.InvoiceOrderByWithRelationInput[] => [{ totalSatang: d }],
  status: (d: SortDir): Prisma.InvoiceOrderByWithRelationInput[] => [{ status: d }],
} as const;
export const INVOICE_SORT_KEYS = Object.keys(INVOICE_SORTS) as (keyof typeof INVOICE_SORTS)[];
export type InvoiceSort = keyof typeof INVOICE_SORTS;

/** The invoice list's search and filters, from the address bar; anything malformed is ignored rather than fatal. */
export const invoiceFiltersSchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()).catch(undefined),
  status: z.preprocess(blankToUndefined, z.enum(InvoiceStatus).optional()).catch(undefined),
  /** open and past its due date (before today, Bangkok) */
  overdue: z.preprocess((v) => v === '1' || v === 'on' || v === 'true', z.boolean()).catch(false),
  /** issued in this Bangkok calendar month, YYYY-MM */
  period: z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional()).catch(undefined),
  /** paid (at least in part) by this method */
  method: z.preprocess(blankToUndefined, z.enum(PaymentMethod).optional()).catch(undefined),
  sort: z.preprocess(blankToUndefined, z.enum(INVOICE_SORT_KEYS as [InvoiceSort, ...InvoiceSort[]]).optional()).catch(undefined),
  dir: sortDirSchema,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type InvoiceFilters = z.infer<typeof invoiceFiltersSchema>;

/** The first instant of a Bangkok month and of the next one. */
const monthRange = bangkokMonthRange;

/** The customers an invoice search matches: company, or every word in the first or last name ("Somchai Jaidee"). */
export function invoiceCustomerWhere(q: string): Prisma.CustomerWhereInput {
  const words = q.split(/\s+/).filter(Boolean);
  return {
    OR: [
      { companyName: { contains: q, mode: 'insensitive' } },
      { AND: words.map((w) => ({ OR: [{ firstName: { contains: w, mode: 'insensitive' as const } }, { lastName: { contains: w, mode: 'insensitive' as const } }] })) },
    ],
  };
}

/** The bookings an invoice search matches: by reference, or their customer's (ids found first when given). */
export function invoiceBookingWhere(q: string, customerIds: string[] | null = null): Prisma.BookingWhereInput {
  return { OR: [{ reference: { contains: q.toUpperCase() } }, customerIds ? { customerId: { in: customerIds } } : { customer: invoiceCustomerWhere(q) }] };
}

/**
 * The list's filter. `bookingIds`: the matching bookings found first (searchInvoices, lib/admin/matching-ids.ts);
 * without them (the CSV export, or too many matches) one booking filter and one customer filter hold the
 * alternatives, so Prisma joins each once (once per alternative otherwise: seven joins of every invoice).
 */
export function invoiceWhere(f: InvoiceFilters, now = new Date(), bookingIds: string[] | null = null): Prisma.InvoiceWhereInput {
  const and: Prisma.InvoiceWhereInput[] = [];
  if (f.q) {
    const q = f.q;
    and.push({ OR: [{ number: { contains: q.toUpperCase() } }, bookingIds ? { bookingId: { in: bookingIds } } : { booking: invoiceBookingWhere(q) }] });
  }
  if (f.status) and.push({ status: f.status });
  if (f.overdue) and.push({ status: 'open', dueAt: { lt: bangkokMidnight(todayInBangkok(now)) } });
  if (f.period) and.push({ issuedAt: monthRange(f.period) });
  if (f.method) and.push({ payments: { some: { method: f.method, status: { in: ['paid', 'refunded'] } } } });
  return and.length ? { AND: and } : {};
}

/** The sort in force: the chosen column, or newest issued first. */
export function invoiceSort(f: InvoiceFilters): { sort: InvoiceSort; dir: SortDir } {
  return { sort: f.sort ?? 'issued', dir: f.dir ?? (f.sort ? 'asc' : 'desc') };
}

export function invoiceOrderBy(f: InvoiceFilters): Prisma.InvoiceOrderByWithRelationInput[] {
  const { sort, dir } = invoiceSort(f);
  return [...INVOICE_SORTS[sort](dir), { issuedAt: 'desc' }, { seq: 'desc' }, { id: 'asc' }];
}

/** A page at a time in the chosen order, with what each row shows and links to. */
export async function searchInvoices(db: Db, f: InvoiceFilters, now = new Date()) {
  let bookingIds: string[] | null = null;
  if (f.q) {
    const customerIds = await customerIdsMatching(db, invoiceCustomerWhere(f.q));
    bookingIds = await bookingIdsMatching(db, invoiceBookingWhere(f.q, customerIds));
  }
  const where = invoiceWhere(f, now, bookingIds);
  const [total, rows] = await Promise.all([
    cappedCount(f.page, INVOICES_PAGE_SIZE, (take) => db.invoice.count({ where, take })),
    db.invoice.findMany({
      where,
      orderBy: invoiceOrderBy(f),
      skip: (f.page - 1) * INVOICES_PAGE_SIZE,
      take: INVOICES_PAGE_SIZE,
      select: {
        id: true,
        number: true,
        kind: true,
        status: true,
        issuedAt: true,
        dueAt: true,
        totalSatang: true,
        buyer: true,
        lines: { where: { kind: 'withholding_tax' }, select: { id: true } },
        withholdingCertificate: { select: { number: true } },
        payments: { where: { status: { in: ['paid', 'refunded'] } }, select: { method: true } },
        creditNotes: { select: { id: true, number: true } },
        booking: { select: { id: true, reference: true, customer: { select: { firstName: true, lastName: true, companyName: true, type: true } } } },
      },
    }),
  ]);
  const startOfToday = bangkokMidnight(todayInBangkok(now));
  return {
    total: total.count,
    totalCapped: total.capped,
    pages: Math.max(1, Math.ceil(total.count / INVOICES_PAGE_SIZE)),
    rows: rows.map((r) => ({
      ...r,
      overdue: r.status === 'open' && r.dueAt !== null && r.dueAt < startOfToday,
      business: r.booking.customer.type === 'business',
      hasWithholding: r.lines.length > 0,
      methods: [...new Set(r.payments.map((p) => p.method))],
    })),
  };
}
