import 'server-only';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { hasRole, type StaffUser } from '@/lib/auth/staff';
import { ADMIN_SECTIONS, type AdminSectionKey } from './sections';
import { searchTerms, type SearchTerms } from './search-terms';

/** Results shown per kind; the page says when there are more and links to the kind's own list. */
export const SEARCH_LIMIT = 10;

/** Each kind of result and the section whose role may see it (docs/product-rules.md#staff-search). */
export const SEARCH_KINDS = {
  customers: 'bookings',
  bookings: 'bookings',
  invoices: 'invoices',
  creditNotes: 'invoices',
  units: 'units',
  promoCodes: 'promoCodes',
} as const satisfies Record<string, AdminSectionKey>;
export type SearchKind = keyof typeof SEARCH_KINDS;

export function mayOpenKind(user: StaffUser, kind: SearchKind): boolean {
  const section = ADMIN_SECTIONS.find((s) => s.key === SEARCH_KINDS[kind]);
  return Boolean(section && hasRole(user, section.role));
}

/**
 * Customers whose phone or WhatsApp number contains the phone key. Numbers are stored as typed, so the database
 * reduces each to its national part with the same rule as phoneKey(): digits only, then a leading 66 (on 10+
 * digits) or 0 dropped. A scan of the customers table: fine for one facility's few thousand customers.
 */
async function customerIdsByPhone(db: Db, key: string): Promise<string[]> {
  const like = `%${key}%`;
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM (
      SELECT id, regexp_replace(phone, '[^0-9]', '', 'g') AS p, regexp_replace(coalesce(whatsapp, ''), '[^0-9]', '', 'g') AS w
      FROM customers
    ) c
    WHERE (CASE WHEN p LIKE '66%' AND length(p) >= 10 THEN substr(p, 3) WHEN p LIKE '0%' THEN substr(p, 2) ELSE p END) LIKE ${like}
       OR (w <> '' AND (CASE WHEN w LIKE '66%' AND length(w) >= 10 THEN substr(w, 3) WHEN w LIKE '0%' THEN substr(w, 2) ELSE w END) LIKE ${like})
    LIMIT 500`;
  return rows.map((r) => r.id);
}

function customerWhere(terms: SearchTerms, phoneIds: string[]): Prisma.CustomerWhereInput {
  const insensitive = 'insensitive' as const;
  return {
    OR: [
      { email: { contains: terms.text, mode: insensitive } },
      { companyName: { contains: terms.text, mode: insensitive } },
      // "Somchai Jaidee" matches first and last name together; one word matches either.
      { AND: terms.words.map((w) => ({ OR: [{ firstName: { contains: w, mode: insensitive } }, { lastName: { contains: w, mode: insensitive } }] })) },
      ...(phoneIds.length ? [{ id: { in: phoneIds } }] : []),
    ],
  };
}

/** Everything the query finds that this staff member may open, grouped by kind; null when the query is too short. */
export async function searchEverything(db: Db, user: StaffUser, query: string) {
  const terms = searchTerms(query);
  if (!terms) return null;
  const may = (kind: SearchKind) => mayOpenKind(user, kind);
  const phoneIds = terms.phone && may('customers') ? await customerIdsByPhone(db, terms.phone) : [];
  const code = { contains: terms.code, mode: 'insensitive' as const };
  const take = SEARCH_LIMIT + 1;

  const [customers, bookings, invoices, creditNotes, units, promoCodes] = await Promise.all([
    may('customers')
      ? db.customer.findMany({
          where: customerWhere(terms, phoneIds),
          orderBy: { createdAt: 'desc' },
          take: 100,
          select: {
            firstName: true,
            lastName: true,
            companyName: true,
            email: true,
            phone: true,
            bookings: { orderBy: { createdAt: 'desc' }, take: 5, select: { id: true, reference: true, status: true } },
          },
        })
      : [],
    may('bookings')
      ? db.booking.findMany({
          where: { reference: code },
          orderBy: { createdAt: 'desc' },
          take,
          select: { id: true, reference: true, status: true, startDate: true, customer: { select: { firstName: true, lastName: true } }, unit: { select: { number: true } } },
        })
      : [],
    may('invoices')
      ? db.invoice.findMany({
          where: { number: code },
          orderBy: { issuedAt: 'desc' },
          take,
          select: { id: true, number: true, status: true, totalSatang: true, booking: { select: { reference: true, customer: { select: { firstName: true, lastName: true } } } } },
        })
      : [],
    may('creditNotes')
      ? db.creditNote.findMany({ where: { number: code }, orderBy: { issuedAt: 'desc' }, take, select: { id: true, number: true, amountSatang: true, invoiceId: true, invoice: { select: { number: true } } } })
      : [],
    may('units')
      ? db.unit.findMany({
          where: { number: code },
          orderBy: { number: 'asc' },
          take,
          select: { id: true, number: true, status: true, unitType: { select: { code: true } }, currentBooking: { select: { id: true, reference: true } } },
        })
      : [],
    may('promoCodes') ? db.promoCode.findMany({ where: { code }, orderBy: { code: 'asc' }, take, select: { id: true, code: true, isActive: true } }) : [],
  ]);

  // One person books again under the same email: one result per email, with their newest bookings.
  const people = new Map<string, (typeof customers)[number]>();
  for (const c of customers) {
    const key = c.email.toLowerCase();
    const seen = people.get(key);
    if (seen) seen.bookings = [...seen.bookings, ...c.bookings].slice(0, 5);
    else people.set(key, { ...c, bookings: [...c.bookings] });
  }
  const cap = <T>(rows: T[]) => ({ rows: rows.slice(0, SEARCH_LIMIT), more: rows.length > SEARCH_LIMIT });
  return {
    terms,
    groups: {
      customers: cap([...people.values()]),
      bookings: cap(bookings),
      invoices: cap(invoices),
      creditNotes: cap(creditNotes),
      units: cap(units),
      promoCodes: cap(promoCodes),
    },
  };
}
