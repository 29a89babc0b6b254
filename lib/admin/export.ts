import 'server-only';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '@/lib/db';

export const EXPORT_KINDS = ['bookings', 'invoices', 'payments', 'refunds'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export function isExportKind(v: string): v is ExportKind {
  return (EXPORT_KINDS as readonly string[]).includes(v);
}

const MAX_ROWS = 50_000;
/** Satang as the accountant's THB figure: '16730.00'. Exact: built from the integer parts, never a float. */
const thb = (satang: number) => `${satang < 0 ? '-' : ''}${Math.trunc(Math.abs(satang) / 100)}.${String(Math.abs(satang) % 100).padStart(2, '0')}`;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : '');

/** Rows created (bookings), issued (invoices) or made (payments, refunds) between two Bangkok dates, inclusive. */
export async function exportCsv(db: Db, kind: ExportKind, range: { from?: string; to?: string }): Promise<string> {
  const gte = range.from ? new Date(`${range.from}T00:00:00+07:00`) : undefined;
  const lt = range.to ? new Date(new Date(`${range.to}T00:00:00+07:00`).getTime() + 86_400_000) : undefined;
  const within = gte || lt ? { gte, lt } : undefined;

  let columns: string[];
  let rows: unknown[][];
  switch (kind) {
    case 'bookings': {
      const list = await db.booking.findMany({ where: { createdAt: within }, orderBy: { createdAt: 'asc' }, take: MAX_ROWS, include: { customer: true, unitType: { select: { code: true } }, unit: { select: { number: true } } } });
      columns = ['reference', 'created_at', 'status', 'payment_status', 'payment_method', 'customer_type', 'first_name', 'last_name', 'company', 'tax_id', 'email', 'phone', 'unit_type', 'unit', 'start_date', 'term', 'monthly_rate_thb', 'total_due_today_thb', 'move_out_date'];
      rows = list.map((b) => [b.reference, iso(b.createdAt), b.status, b.paymentStatus, b.paymentMethod, b.customerType, b.customer.firstName, b.customer.lastName, b.customer.companyName ?? '', b.customer.taxId ?? '', b.customer.email, b.customer.phone, b.unitType.code, b.unit?.number ?? '', day(b.startDate), b.term, thb(b.monthlyRate), thb(b.totalDueToday), day(b.moveOutDate)]);
      break;
    }
    case 'invoices': {
      const list = await db.invoice.findMany({ where: { issuedAt: within }, orderBy: { issuedAt: 'asc' }, take: MAX_ROWS, include: { booking: { select: { reference: true, customer: { select: { firstName: true, lastName: true, companyName: true, taxId: true } } } } } });
      columns = ['number', 'issued_at', 'due_at', 'status', 'booking', 'customer', 'tax_id', 'total_thb', 'vat_included_thb', 'currency'];
      rows = list.map((i) => [i.number, iso(i.issuedAt), iso(i.dueAt), i.status, i.booking.reference, i.booking.customer.companyName ?? `${i.booking.customer.firstName} ${i.booking.customer.lastName}`, i.booking.customer.taxId ?? '', thb(i.totalSatang), thb(i.vatSatang), i.currency]);
      break;
    }
    case 'payments': {
      const list = await db.payment.findMany({ where: { createdAt: within }, orderBy: { createdAt: 'asc' }, take: MAX_ROWS, include: { booking: { select: { reference: true } }, invoice: { select: { number: true } } } });
      columns = ['created_at', 'paid_at', 'booking', 'invoice', 'method', 'status', 'amount_thb', 'currency', 'provider', 'provider_payment_id'];
      rows = list.map((p) => [iso(p.createdAt), iso(p.paidAt), p.booking.reference, p.invoice?.number ?? '', p.method, p.status, thb(p.amountSatang), p.currency, p.provider ?? '', p.providerPaymentId ?? '']);
      break;
    }
    case 'refunds': {
      const list = await db.refund.findMany({ where: { createdAt: within }, orderBy: { createdAt: 'asc' }, take: MAX_ROWS, include: { booking: { select: { reference: true } } } });
      columns = ['created_at', 'booking', 'amount_thb', 'provider', 'provider_refund_id', 'status', 'reason'];
      rows = list.map((r) => [iso(r.createdAt), r.booking.reference, thb(r.amountSatang), r.provider, r.providerRefundId ?? '', r.status, r.reason]);
      break;
    }
  }
  // A leading BOM lets spreadsheet programs read Thai names as UTF-8; cells starting with = + - @ are quoted as text
  // so a customer's name cannot become a formula in the accountant's spreadsheet.
  const safe = rows.map((r) => r.map((c) => (typeof c === 'string' && /^[=+\-@\t\r]/.test(c) && !/^-?\d+\.\d{2}$/.test(c) ? `'${c}` : c)));
  return `\ufeff${stringify([columns, ...safe])}`;
}
