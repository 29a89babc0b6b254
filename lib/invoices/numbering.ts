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
 * Gives an invoice written earlier in the caller's transaction (with a provisional number) its next INV number: the
 * counter's upsert and the invoice's update in one statement, so the counter row, once locked, is held for this one
 * round trip and the commit. The same upsert, lock and no-gap guarantee as nextDocumentNumber; the format is
 * formatDocumentNumber's, from the same prefix and SEQUENCE_DIGITS.
 */
export async function numberInvoice(tx: Tx, invoiceId: string, issuedAt: Date): Promise<string> {
  const rows = await tx.$queryRaw<{ number: string }[]>`WITH ${invoiceNumberingCtes(invoiceId, issuedAt)} SELECT number FROM numbered_invoice`;
  if (rows.length !== 1) throw new Error(`invoice ${invoiceId} to number was not found`);
  return rows[0].number;
}

/**
 * numberInvoice as two common table expressions (`invoice_counter`, then `numbered_invoice` with the invoice's
 * `number`), for a caller whose own last statement takes the number too (a booking's submit fuses it with the pick of
 * its unit, lib/booking/reserve.ts): the counter row every issuer queues on is then held for that statement and the
 * commit. The caller checks that `numbered_invoice` returned its one row.
 */
export function invoiceNumberingCtes(invoiceId: string, issuedAt: Date): Prisma.Sql {
  const year = documentYear(issuedAt);
  const prefix = documentPrefix('INV', year);
  return Prisma.sql`
    invoice_counter AS (
      INSERT INTO document_counters (series, year, last) VALUES ('INV', ${year}, 1)
      ON CONFLICT (series, year) DO UPDATE SET last = document_counters.last + 1
      RETURNING last),
    numbered_invoice AS (
      UPDATE invoices SET number = ${prefix} || lpad(invoice_counter.last::text, greatest(${SEQUENCE_DIGITS}, length(invoice_counter.last::text)), '0')
      FROM invoice_counter WHERE invoices.id = ${invoiceId}
      RETURNING invoices.number)`;
}
