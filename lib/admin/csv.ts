import { stringify } from 'csv-stringify/sync';
import { bangkokWallClock, todayInBangkok } from '@/lib/dates/bangkok';
import { PLAIN_AMOUNT, formatTHB } from '@/lib/format/money';

/**
 * The CSV rules every staff export follows (docs/product-rules.md#staff-lists): UTF-8 with a BOM so spreadsheet
 * programs read Thai, times in Asia/Bangkok (the days the filters use), and no cell a spreadsheet could run.
 */

/** An instant as Bangkok wall-clock time, '2026-11-26 07:05:00' (a spreadsheet reads it as a date and time). */
export function bangkokDateTime(d: Date | null | undefined): string {
  return d ? bangkokWallClock(d) : '';
}

/** An instant's Bangkok calendar day, '2026-11-26'. */
export function bangkokDay(d: Date | null | undefined): string {
  return d ? todayInBangkok(d) : '';
}

/** A calendar-day column (@db.Date, stored at UTC midnight) as its day, '2026-11-26': no time zone moves it. */
export function calendarDay(d: Date | null | undefined): string {
  return d ? d.toISOString().slice(0, 10) : '';
}

/** Satang as the accountant's THB figure: '16730.00'. Exact: built from the integer parts, never a float. */
export function thb(satang: number): string {
  return formatTHB(satang, 'en', PLAIN_AMOUNT);
}

/**
 * A cell a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return that some
 * programs strip first) gets a leading apostrophe, so a customer's name or phone cannot run in the accountant's
 * spreadsheet. Plain numbers ('-120.00') stay numbers.
 */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'string' ? value : String(value);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) return `'${s}`;
  return s;
}

/** The CSV file: a BOM, the header row, then every row made formula-safe. */
export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\ufeff${stringify([[...columns], ...rows.map((r) => r.map(safeCell))])}`;
}
