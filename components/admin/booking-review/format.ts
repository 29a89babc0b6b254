import { formatTHB } from '@/lib/format/money';
import { adminDates } from '@/lib/dates/admin-dates';

/** The review's money and date formatting for the staff member's language. */
export function reviewFormat(locale: string) {
  const dates = adminDates(locale);
  return { money: (satang: number) => formatTHB(satang, locale), dates, when: dates.dateTime };
}
