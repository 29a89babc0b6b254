import { BUSINESS_TZ, dateLocale } from './bangkok';

// One date format per admin language (docs/product-rules.md#dates-and-words-staff-read): English "28 Nov 2026" and
// "28 Nov 2026, 18:03"; Thai "28 พ.ย. 2569" and "28 พ.ย. 2569 18:03", always the Buddhist era; Russian
// "28 нояб. 2026 г.". Instants are shown in Bangkok time; calendar days (a move-in date, stored as a date) as
// themselves. Pure; server and client.

// The site's date locales (lib/dates/bangkok.ts), with Thai always in the Buddhist era for staff.
const TAGS = { en: dateLocale('en'), th: `${dateLocale('th')}-u-ca-buddhist`, ru: dateLocale('ru') } as const;
type Lang = keyof typeof TAGS;

const lang = (locale: string): Lang => {
  const l = (locale || '').toLowerCase().split(/[-_]/)[0];
  return l === 'th' || l === 'ru' ? l : 'en';
};

const cache = new Map<string, AdminDates>();

export interface AdminDates {
  /** an instant's Bangkok day: "28 Nov 2026" */
  day(d: Date | null | undefined): string;
  /** an instant's Bangkok day and time: "28 Nov 2026, 18:03" */
  dateTime(d: Date | null | undefined): string;
  /** an instant's Bangkok time of day, 24-hour: "18:03" */
  time(d: Date | null | undefined): string;
  /** a calendar day ("2026-11-30", or a date column read as UTC midnight): "30 Nov 2026" */
  calendarDay(d: Date | string | null | undefined): string;
  /** a month ("2026-11-01"): "Nov 26" */
  month(iso: string): string;
}

export function adminDates(locale: string): AdminDates {
  const l = lang(locale);
  const hit = cache.get(l);
  if (hit) return hit;
  const base = { day: 'numeric', month: 'short', year: 'numeric', numberingSystem: 'latn' } as const;
  const dayFmt = new Intl.DateTimeFormat(TAGS[l], { ...base, timeZone: BUSINESS_TZ });
  const timeFmt = new Intl.DateTimeFormat(TAGS[l], { ...base, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: BUSINESS_TZ });
  const clockFmt = new Intl.DateTimeFormat(TAGS[l], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', numberingSystem: 'latn', timeZone: BUSINESS_TZ });
  const calFmt = new Intl.DateTimeFormat(TAGS[l], { ...base, timeZone: 'UTC' });
  const monthFmt = new Intl.DateTimeFormat(TAGS[l], { month: 'short', year: '2-digit', numberingSystem: 'latn', timeZone: 'UTC' });
  const none = '—';
  const out: AdminDates = {
    day: (d) => (d ? dayFmt.format(d) : none),
    dateTime: (d) => (d ? timeFmt.format(d) : none),
    time: (d) => (d ? clockFmt.format(d) : none),
    calendarDay: (d) => {
      if (!d) return none;
      const date = typeof d === 'string' ? new Date(`${d.slice(0, 10)}T00:00:00Z`) : d;
      return Number.isNaN(date.getTime()) ? none : calFmt.format(date);
    },
    month: (iso) => monthFmt.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)),
  };
  cache.set(l, out);
  return out;
}
