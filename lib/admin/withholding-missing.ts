import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { todayInBangkok } from '@/lib/dates/bangkok';

/**
 * The withholding-tax certificates (50 ทวิ) still missing (docs/product-rules.md#thai-money): invoices a business
 * customer paid net of withholding with no certificate recorded, by customer and by the Bangkok month they were paid
 * in (the month of the customer's own withholding return, ภ.ง.ด. 53, and so of the certificate).
 */
export const missingFiltersSchema = z.object({
  /** paid in this Bangkok month, YYYY-MM */
  month: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional()).catch(undefined),
  q: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional()).catch(undefined),
});
export type MissingFilters = z.infer<typeof missingFiltersSchema>;

export interface MissingRow {
  invoiceId: string;
  number: string;
  paidAt: Date;
  withheldSatang: number;
  customerId: string;
  customer: string;
  company: string | null;
  bookingReference: string;
}

export interface MissingGroup {
  customerId: string;
  customer: string;
  company: string | null;
  /** YYYY-MM, Bangkok */
  month: string;
  invoices: MissingRow[];
  withheldSatang: number;
}

/** Groups by customer and month, newest month first, then by company or name. Pure. */
export function groupMissing(rows: readonly MissingRow[]): MissingGroup[] {
  const groups = new Map<string, MissingGroup>();
  for (const r of rows) {
    const month = todayInBangkok(r.paidAt).slice(0, 7);
    const key = `${r.customerId}|${month}`;
    const g = groups.get(key) ?? { customerId: r.customerId, customer: r.customer, company: r.company, month, invoices: [], withheldSatang: 0 };
    g.invoices.push(r);
    g.withheldSatang += r.withheldSatang;
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, invoices: g.invoices.sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime()) }))
    .sort((a, b) => b.month.localeCompare(a.month) || (a.company ?? a.customer).localeCompare(b.company ?? b.customer));
}

/** The Bangkok month's bounds as instants (Bangkok is UTC+7 all year). */
function monthBounds(month: string): { gte: Date; lt: Date } {
  const [y, m] = month.split('-').map(Number);
  const start = Date.UTC(y, m - 1, 1) - 7 * 3_600_000;
  const end = Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1) - 7 * 3_600_000;
  return { gte: new Date(start), lt: new Date(end) };
}

export const MISSING_LIMIT = 500;

export async function missingCertificates(db: Db, filters: MissingFilters): Promise<{ groups: MissingGroup[]; capped: boolean }> {
  const q = filters.q;
  const invoices = await db.invoice.findMany({
    where: {
      status: 'paid',
      paidAt: filters.month ? monthBounds(filters.month) : { not: null },
      withholdingCertificate: { is: null },
      lines: { some: { kind: 'withholding_tax' } },
      ...(q
        ? {
            OR: [
              { number: { contains: q, mode: 'insensitive' as const } },
              { booking: { reference: { contains: q, mode: 'insensitive' as const } } },
              { booking: { customer: { companyName: { contains: q, mode: 'insensitive' as const } } } },
              { booking: { customer: { lastName: { contains: q, mode: 'insensitive' as const } } } },
              { booking: { customer: { firstName: { contains: q, mode: 'insensitive' as const } } } },
            ],
          }
        : {}),
    },
    select: {
      id: true,
      number: true,
      paidAt: true,
      lines: { where: { kind: 'withholding_tax' }, select: { amountSatang: true } },
      booking: { select: { reference: true, customer: { select: { id: true, firstName: true, lastName: true, companyName: true } } } },
    },
    orderBy: { paidAt: 'desc' },
    take: MISSING_LIMIT + 1,
  });
  const rows: MissingRow[] = invoices.slice(0, MISSING_LIMIT).map((i) => ({
    invoiceId: i.id,
    number: i.number,
    paidAt: i.paidAt!,
    withheldSatang: -i.lines.reduce((a, l) => a + l.amountSatang, 0),
    customerId: i.booking.customer.id,
    customer: `${i.booking.customer.firstName} ${i.booking.customer.lastName}`.trim(),
    company: i.booking.customer.companyName || null,
    bookingReference: i.booking.reference,
  }));
  return { groups: groupMissing(rows), capped: invoices.length > MISSING_LIMIT };
}
