import type { Locale } from '@/lib/i18n/routing';
import type { PortalBookingView } from '@/lib/portal/view';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate, todayInBangkok } from '@/lib/dates/bangkok';
import { adminDates } from '@/lib/dates/admin-dates';

/** What every section of the portal's booking page gets: the one view model, the language and the link's token. */
export interface PortalSectionProps {
  view: PortalBookingView;
  locale: Locale;
  token: string | undefined;
  /** back from Stripe's card form (`?card=updated`) */
  cardUpdated: boolean;
}

export const portalInput = 'mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2';

/** Money and dates in the customer's language: calendar dates as stored, instants by their Bangkok day. */
export function portalFormat(locale: Locale) {
  return {
    money: (satang: number) => formatTHB(satang, locale),
    /** a calendar date (start, move-out) stored as a date */
    date: (d: Date | string) => formatLongDate(typeof d === 'string' ? d : d.toISOString().slice(0, 10), locale),
    /** an instant (a due date): its Bangkok day, not the UTC one */
    bangkokDay: (d: Date) => formatLongDate(todayInBangkok(d), locale),
    dateTime: adminDates(locale).dateTime,
  };
}
