import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import { todayInBangkok } from '@/lib/dates/bangkok';

type Tx = Prisma.TransactionClient;
export type DocumentSeries = 'INV' | 'CN';

/** 'INV-2026-000123'. */
export function formatDocumentNumber(series: DocumentSeries, year: number, n: number): string {
  return `${series}-${year}-${String(n).padStart(6, '0')}`;
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
