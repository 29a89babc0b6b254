import 'server-only';
import { Prisma } from '@/generated/prisma/client';
import { todayInBangkok } from '@/lib/dates/bangkok';

type Tx = Prisma.TransactionClient;
export type DocumentSeries = 'INV' | 'CN';

/** The least digits of a document's sequence part (more once a year passes 999,999 documents). */
const SEQUENCE_DIGITS = 6;

const documentPrefix = (series: DocumentSeries, year: number) => `${series}-${year}-`;

/** 'INV-2026-000123'. */
export function formatDocumentNumber(series: DocumentSeries, year: number, n: number): string {
  return `${documentPrefix(series, year)}${String(n).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** The document year is the Bangkok calendar year of the issue instant. */
export function documentYear(issuedAt: Date): number {
  return Number(todayInBangkok(issuedAt).slice(0, 4));
}

/**
 * Takes the next number of a series for a year, inside the caller's transaction. The upsert locks the counter row
 * until the transaction ends: concurrent issuers queue on it, and a rolled-back issue gives its number back, so
 * numbers are consecutive with no gaps and never shared (proven on PostgreSQL in numbering.integration.test.ts).
 */
export async function nextDocumentNumber(tx: Tx, series: DocumentSeries, issuedAt: Date): Promise<string> {
  const year = documentYear(issuedAt);
  const rows = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO document_counters (series, year, last) VALUES (${series}, ${year}, 1)
    ON CONFLICT (series, year) DO UPDATE SET last = document_counters.last + 1
    RETURNING last`;
  return formatDocumentNumber(series, year, Number(rows[0].last));
}

/**
 * Takes the next `count` numbers of a series at once (a job issuing many invoices in one transaction,
 * lib/billing/renewals.ts): one counter update, the same lock and the same no-gap guarantee as nextDocumentNumber.
 */
export async function nextDocumentNumbers(tx: Tx, series: DocumentSeries, issuedAt: Date, count: number): Promise<string[]> {
  if (count < 1) return [];
  const year = documentYear(issuedAt);
  const rows = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO document_counters (series, year, last) VALUES (${series}, ${year}, ${count})
    ON CONFLICT (series, year) DO UPDATE SET last = document_counters.last + ${count}
    RETURNING last`;
  const last = Number(rows[0].last);
  return Array.from({ length: count }, (_, i) => formatDocumentNumber(series, year, last - count + 1 + i));
}

/**
 * Gives an invoice written earlier in the caller's transaction (with a provisional number) its next INV number, inside
 * the caller's own last statement (a booking's submit fuses it with the pick of its unit, lib/booking/reserve.ts): the
 * counter row every issuer queues on is then held for that statement and the commit. `cte`: two common table
 * expressions (the counter's upsert, `invoice_counter`, then the invoice's update, `numbered_invoice`); `column`: the
 * count of invoices numbered (`numbered_invoices`), which the caller checks is 1. The same upsert, lock and no-gap
 * guarantee as nextDocumentNumber; the format is formatDocumentNumber's, from the same prefix and SEQUENCE_DIGITS.
 */
export function invoiceNumbering(invoiceId: string, issuedAt: Date): { cte: Prisma.Sql; column: Prisma.Sql } {
  const year = documentYear(issuedAt);
  const prefix = documentPrefix('INV', year);
  const cte = Prisma.sql`
    invoice_counter AS (
      INSERT INTO document_counters (series, year, last) VALUES ('INV', ${year}, 1)
      ON CONFLICT (series, year) DO UPDATE SET last = document_counters.last + 1
      RETURNING last),
    numbered_invoice AS (
      UPDATE invoices SET number = ${prefix} || lpad(invoice_counter.last::text, greatest(${SEQUENCE_DIGITS}, length(invoice_counter.last::text)), '0')
      FROM invoice_counter WHERE invoices.id = ${invoiceId}
      RETURNING invoices.number)`;
  return { cte, column: Prisma.sql`(SELECT count(*) FROM numbered_invoice)::int AS numbered_invoices` };
}
