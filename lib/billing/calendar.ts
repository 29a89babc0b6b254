// Billing calendar (docs/product-rules.md#invoices-billing-and-delinquency). Pure: Bangkok calendar dates as
// YYYY-MM-DD strings.
import { addDaysISO, addMonthsISO } from '@/lib/dates/bangkok';
import { GRACE_DAYS, DEPOSIT_REFUND_DAYS, OVERLOCK_DAY, DEFAULT_DAY } from '@/lib/legal/rental-terms';

/** A renewal invoice is issued this many days before the billing date it is due on. */
export const INVOICE_LEAD_DAYS = 7;
/** The reminder goes out 3 days before the due date. */
export const REMINDER_DAYS_BEFORE = 3;
/** Rental agreement: the grace, then late fee and suspended access; overlock; default; the deposit's refund (its text states them). */
export { GRACE_DAYS, DEPOSIT_REFUND_DAYS, OVERLOCK_DAY, DEFAULT_DAY };

// A month later, counted from the start date (lib/dates/bangkok.ts: the ledger counts a prepayment's months too).
export { addMonthsISO };

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface RenewalPeriod {
  /** 0 for the first month after the prepaid term */
  index: number;
  /** the billing date: rent for the period is due on it */
  start: string;
  end: string;
  issueOn: string;
}

/** The k-th month-to-month period after a prepaid term of `months` that began on `startDate`. */
export function renewalPeriod(startDate: string, months: number, index: number): RenewalPeriod {
  const start = addMonthsISO(startDate, months + index);
  const end = addDaysISO(addMonthsISO(startDate, months + index + 1), -1);
  return { index, start, end, issueOn: addDaysISO(start, -INVOICE_LEAD_DAYS) };
}

/** Periods whose invoice is due to be issued by `today`, oldest first (catches up after a job did not run). */
export function periodsToIssue(startDate: string, months: number, today: string, max = 24): RenewalPeriod[] {
  const out: RenewalPeriod[] = [];
  for (let k = 0; k < max; k++) {
    const p = renewalPeriod(startDate, months, k);
    if (p.issueOn > today) break;
    out.push(p);
  }
  return out;
}

export { bangkokMidnight } from '@/lib/dates/bangkok';
