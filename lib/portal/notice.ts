import { addDaysISO } from '@/lib/dates/bangkok';
import { CUSTOMER_NOTICE_DAYS } from '@/lib/legal/rental-terms';

/**
 * Notice to vacate (docs/product-rules.md "Agreement and business facts": 10 days' notice by the customer before the
 * next billing date). Rent falls due monthly on the move-in date's day once the prepaid months are used; the rental
 * ends the day before the first billing date that is at least 10 days away, so no further rent is owed.
 */
export { CUSTOMER_NOTICE_DAYS };

/** `start` plus `months` calendar months, the day clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsISO(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export interface NoticeOutcome {
  /** the billing date the notice stops (YYYY-MM-DD) */
  billingDate: string;
  /** the last day of the rental: the day before that billing date */
  moveOutDate: string;
}

/** The move-out date a notice given on `today` (Bangkok, YYYY-MM-DD) leads to, for a rental from `startDate`. */
export function noticeOutcome(startDate: string, prepaidMonths: number, today: string): NoticeOutcome {
  for (let k = Math.max(1, prepaidMonths); k < prepaidMonths + 1200; k++) {
    const billingDate = addMonthsISO(startDate, k);
    if (daysBetween(today, billingDate) >= CUSTOMER_NOTICE_DAYS) return { billingDate, moveOutDate: addDaysISO(billingDate, -1) };
  }
  throw new RangeError('no billing date found');
}
