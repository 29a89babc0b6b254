import 'server-only';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { bangkokDateTime, calendarDay, thb, toCsv } from './csv';
import { bookingOrderBy, bookingWhere, type BookingFilters } from './bookings';
import { invoiceOrderBy, invoiceWhere, type InvoiceFilters } from './invoice-list';
import { paymentOrderBy, paymentWhere, type PaymentFilters } from './payment-list';
import { bangkokDayRange } from '@/lib/dates/bangkok';

export const EXPORT_KINDS = ['bookings', 'invoices', 'payments', 'refunds'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export function isExportKind(v: string): v is ExportKind {
  return (EXPORT_KINDS as readonly string[]).includes(v);
}

const MAX_ROWS = 50_000;
// Instants in Bangkok time, as the filters' days are (lib/admin/csv.ts); calendar-day columns as their day.
const iso = bangkokDateTime;
const day = calendarDay;

const BOOKING_COLUMNS = ['reference', 'created_at', 'status', 'payment_status', 'payment_method', 'customer_type', 'first_name', 'last_name', 'company', 'tax_id', 'email', 'phone', 'unit_type', 'unit', 'start_date', 'term', 'monthly_rate_thb', 'total_due_today_thb', 'move_out_date'];
const bookingInclude = { customer: true, unitType: { select: { code: true } }, unit: { select: { number: true } } } as const;
type BookingRow = Awaited<ReturnType<typeof bookingsWith>>[number];
function bookingsWith(db: Db, args: { where: Prisma.BookingWhereInput; orderBy: Prisma.BookingOrderByWithRelationInput | Prisma.BookingOrderByWithRelationInput[] }) {
  return db.booking.findMany({ ...args, take: MAX_ROWS, include: bookingInclude });
}
const bookingCells = (b: BookingRow) => [b.reference, iso(b.createdAt), b.status, b.paymentStatus, b.paymentMethod, b.customerType, b.customer.firstName, b.customer.lastName, b.customer.companyName ?? '', b.customer.taxId ?? '', b.customer.email, b.customer.phone, b.unitType.code, b.unit?.number ?? '', day(b.startDate), b.term, thb(b.monthlyRate), thb(b.totalDueToday), day(b.moveOutDate)];

const INVOICE_COLUMNS = ['number', 'issued_at', 'due_at', 'status', 'booking', 'customer', 'tax_id', 'total_thb', 'vat_included_thb', 'currency'];
const invoiceInclude = { booking: { select: { reference: true, customer: { select: { firstName: true, lastName: true, companyName: true, taxId: true } } } } } as const;
type InvoiceRow = Awaited<ReturnType<typeof invoicesWith>>[number];
function invoicesWith(db: Db, args: { where: Prisma.InvoiceWhereInput; orderBy: Prisma.InvoiceOrderByWithRelationInput | Prisma.InvoiceOrderByWithRelationInput[] }) {
  return db.invoice.findMany({ ...args, take: MAX_ROWS, include: invoiceInclude });
}
const invoiceCells = (i: InvoiceRow) => [i.number, iso(i.issuedAt), iso(i.dueAt), i.status, i.booking.reference, i.booking.customer.companyName ?? `${i.booking.customer.firstName} ${i.booking.customer.lastName}`, i.booking.customer.taxId ?? '', thb(i.totalSatang), thb(i.vatSatang), i.currency];

const PAYMENT_COLUMNS = ['created_at', 'paid_at', 'booking', 'invoice', 'method', 'status', 'amount_thb', 'currency', 'provider', 'provider_payment_id'];
const paymentInclude = { booking: { select: { reference: true } }, invoice: { select: { number: true } } } as const;
type PaymentRow = Awaited<ReturnType<typeof paymentsWith>>[number];
function paymentsWith(db: Db, args: { where: Prisma.PaymentWhereInput; orderBy: Prisma.PaymentOrderByWithRelationInput | Prisma.PaymentOrderByWithRelationInput[] }) {
  return db.payment.findMany({ ...args, take: MAX_ROWS, include: paymentInclude });
}
const paymentCells = (p: PaymentRow) => [iso(p.createdAt), iso(p.paidAt), p.booking.reference, p.invoice?.number ?? '', p.method, p.status, thb(p.amountSatang), p.currency, p.provider ?? '', p.providerPaymentId ?? ''];

/** The payments list's rows as CSV: exactly what its filters select, in its order (not paged). */
export async function paymentListCsv(db: Db, f: PaymentFilters): Promise<string> {
  const list = await paymentsWith(db, { where: paymentWhere(f), orderBy: paymentOrderBy(f) });
  return toCsv(PAYMENT_COLUMNS, list.map(paymentCells));
}

/** The bookings list's rows as CSV: exactly what its filters select, in its order (not paged). */
export async function bookingListCsv(db: Db, f: BookingFilters): Promise<string> {
  const list = await bookingsWith(db, { where: bookingWhere(f), orderBy: bookingOrderBy(f) });
  return toCsv(BOOKING_COLUMNS, list.map(bookingCells));
}

/** The invoice list's rows as CSV: exactly what its filters select, in its order (not paged). */
export async function invoiceListCsv(db: Db, f: InvoiceFilters, now = new Date()): Promise<string> {
  const list = await invoicesWith(db, { where: invoiceWhere(f, now), orderBy: invoiceOrderBy(f) });
  return toCsv(INVOICE_COLUMNS, list.map(invoiceCells));
}

/** Rows created (bookings), issued (invoices) or made (payments, refunds) between two Bangkok dates, inclusive. */
export async function exportCsv(db: Db, kind: ExportKind, range: { from?: string; to?: string }): Promise<string> {
  const within = range.from || range.to ? bangkokDayRange(range.from, range.to) : undefined;

  let columns: string[];
  let rows: unknown[][];
  switch (kind) {
    case 'bookings': {
      const list = await bookingsWith(db, { where: { createdAt: within }, orderBy: { createdAt: 'asc' } });
      columns = BOOKING_COLUMNS;
      rows = list.map(bookingCells);
      break;
    }
    case 'invoices': {
      const list = await invoicesWith(db, { where: { issuedAt: within }, orderBy: { issuedAt: 'asc' } });
      columns = INVOICE_COLUMNS;
      rows = list.map(invoiceCells);
      break;
    }
    case 'payments': {
      const list = await paymentsWith(db, { where: { createdAt: within }, orderBy: { createdAt: 'asc' } });
      columns = PAYMENT_COLUMNS;
      rows = list.map(paymentCells);
      break;
    }
    case 'refunds': {
      const list = await db.refund.findMany({ where: { createdAt: within }, orderBy: { createdAt: 'asc' }, take: MAX_ROWS, include: { booking: { select: { reference: true } } } });
      columns = ['created_at', 'booking', 'amount_thb', 'provider', 'provider_refund_id', 'status', 'reason'];
      rows = list.map((r) => [iso(r.createdAt), r.booking.reference, thb(r.amountSatang), r.provider, r.providerRefundId ?? '', r.status, r.reason]);
      break;
    }
  }
  return toCsv(columns, rows);
}
