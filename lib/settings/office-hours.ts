import type { HoursSettings } from '@/lib/settings';
import { translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';

/**
 * The office's days and times as every text says them, from the `hours` setting staff edit (docs/product-rules.md,
 * "Office hours"): "Monday to Saturday", "Пн–Сб", "วันจันทร์ถึงวันเสาร์". The day names and their grammar (Russian's
 * "с понедельника по субботу") are messages (`officeDays`); this module only finds the runs of days and joins them.
 */
export type OfficeDay = HoursSettings['officeDays'][number];

const WEEK: readonly OfficeDay[] = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

/** Runs of consecutive days in week order: Mo–Fr and Su for ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr']. */
export function officeDayRuns(days: readonly OfficeDay[]): { from: OfficeDay; to: OfficeDay }[] {
  const open = WEEK.filter((d) => days.includes(d));
  const runs: { from: OfficeDay; to: OfficeDay }[] = [];
  for (const day of open) {
    const last = runs[runs.length - 1];
    if (last && WEEK.indexOf(day) === WEEK.indexOf(last.to) + 1) last.to = day;
    else runs.push({ from: day, to: day });
  }
  return runs;
}

/** The `officeDays` messages, from next-intl's getTranslations or lib/i18n/translator's translator. */
export type OfficeDaysTranslator = (
  key: `long.${'one' | 'from' | 'to'}.${OfficeDay}` | `short.day.${OfficeDay}` | `${'long' | 'short'}.range`,
  values?: Record<string, string>,
) => string;

/** What officeHoursText reads of the `hours` setting (the defaults' read-only copy too). */
export type OfficeHoursSetting = { readonly officeDays: readonly OfficeDay[]; readonly opens: string; readonly closes: string };

// A type, not an interface: a message's values are a record, and an interface has no index signature.
export type OfficeHoursText = {
  /** the days, e.g. "Monday to Saturday" (long) or "Mon–Sat" (short) */
  days: string;
  /** '9:00', as people write office hours */
  opens: string;
  closes: string;
};

/**
 * The values for a message's {days}, {opens} and {closes}. `start`: the days open the sentence (a capital letter
 * where the language writes the days in lower case, as Russian does).
 */
export function officeHoursText(
  t: OfficeDaysTranslator,
  locale: string,
  hours: OfficeHoursSetting,
  style: 'long' | 'short',
  start = false,
): OfficeHoursText {
  // A day on its own: "Saturdays", "по субботам" (long), "Sat" (short).
  const one = (day: OfficeDay) => (style === 'long' ? t(`long.one.${day}`) : t(`short.day.${day}`));
  const range = (from: OfficeDay, to: OfficeDay) =>
    style === 'long' ? t('long.range', { from: t(`long.from.${from}`), to: t(`long.to.${to}`) }) : t('short.range', { from: t(`short.day.${from}`), to: t(`short.day.${to}`) });
  const parts = officeDayRuns(hours.officeDays).flatMap(({ from, to }) => {
    if (from === to) return [one(from)];
    // Two days are named one by one ("Saturdays and Sundays"), three or more as a range.
    if (WEEK.indexOf(to) === WEEK.indexOf(from) + 1) return [one(from), one(to)];
    return [range(from, to)];
  });
  let days = new Intl.ListFormat(locale, { type: 'conjunction', style: style === 'long' ? 'long' : 'short' }).format(parts);
  if (start) days = days.charAt(0).toLocaleUpperCase(locale) + days.slice(1);
  return { days, opens: shortTime(hours.opens), closes: shortTime(hours.closes) };
}

/**
 * officeHoursText with the shipped `officeDays` messages, for what renders outside a page and outside an email (the
 * wizard's data, the chat). Pages pass next-intl's translator, emails their approved one (lib/i18n/overrides.ts).
 */
export function officeHoursIn(locale: Locale, hours: OfficeHoursSetting, style: 'long' | 'short' = 'long'): OfficeHoursText {
  return officeHoursText(translator(locale, 'officeDays'), locale, hours, style);
}

/** '09:00' → '9:00' as people write office hours. */
export function shortTime(hhmm: string): string {
  return hhmm.replace(/^0(\d)/, '$1');
}
