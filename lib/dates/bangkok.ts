// Business dates are calendar days in Asia/Bangkok, whatever the server's or browser's TZ.
// Dates travel as 'YYYY-MM-DD' strings; instants only appear when we ask "what day is it now".
// The one module for them (with admin-dates.ts, the staff pages' format built on it): today, day arithmetic, a day's or
// a month's first instant, ranges for queries, the value of a date column, and dates written out per locale. Nothing
// else writes `T00:00:00+07:00` or formats a date (test/dates-one-module.test.ts).

import { TZDate } from '@date-fns/tz';

export const BUSINESS_TZ = 'Asia/Bangkok';
export const MOVE_IN_WINDOW_DAYS = 12;

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, len = 2) => String(n).padStart(len, '0');

function parseISO(iso: string): { y: number; m: number; d: number } | null {
  const match = ISO_RE.exec(iso);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  // Round-trip through UTC to reject 2026-02-30 and the like.
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return { y, m, d };
}

function parseOrThrow(iso: string): { y: number; m: number; d: number } {
  const p = parseISO(iso);
  if (!p) throw new RangeError(`not a valid YYYY-MM-DD date: ${iso}`);
  return p;
}

export function isValidISODate(s: unknown): s is string {
  return typeof s === 'string' && parseISO(s) !== null;
}

/** Today's date in Bangkok as YYYY-MM-DD. */
export function todayInBangkok(now: Date = new Date()): string {
  const t = new TZDate(now.getTime(), BUSINESS_TZ);
  return `${pad(t.getFullYear(), 4)}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}

/** Calendar arithmetic on a YYYY-MM-DD date (done in UTC, so no DST or local-TZ effects). */
export function addDaysISO(iso: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer, got ${days}`);
  const { y, m, d } = parseOrThrow(iso);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/**
 * The same day of the month `months` later, or the month's last day when it is shorter (a rental from 31 January
 * renews on 28/29 February, then on 31 March again: always counted from the start date, never chained).
 */
export function addMonthsISO(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** Allowed move-in dates: today up to 12 days ahead, inclusive, in Bangkok. */
export function moveInWindow(now: Date = new Date()): { min: string; max: string } {
  const min = todayInBangkok(now);
  return { min, max: addDaysISO(min, MOVE_IN_WINDOW_DAYS) };
}

export function isWithinMoveInWindow(iso: string, now: Date = new Date()): boolean {
  if (!isValidISODate(iso)) return false;
  const { min, max } = moveInWindow(now);
  // Zero-padded ISO dates compare correctly as strings.
  return iso >= min && iso <= max;
}

const DATE_LOCALES: Record<string, string> = { en: 'en-GB', th: 'th-TH', ru: 'ru-RU' };

/**
 * The Intl locale dates are written in for an app locale ('en' | 'th' | 'ru', or a tag like 'th-TH'): English dates
 * are day first ("24 Nov 2026, 14:05") on every page, email and document; unknown locales read as English.
 */
export function dateLocale(locale: string): string {
  const lang = (locale || '').toLowerCase().split(/[-_]/)[0];
  return DATE_LOCALES[lang] ?? 'en-GB';
}

/**
 * The date formats, made once per locale and options: building an Intl.DateTimeFormat (locale data, time zone) costs
 * far more than formatting with one, and a submit, an email or a PDF formats a dozen dates. Bounded: three date
 * locales (dateLocale) and the few option sets of this file.
 */
const FORMATS = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = dateLocale(locale);
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = FORMATS.get(key);
  if (!format) FORMATS.set(key, (format = new Intl.DateTimeFormat(tag, options)));
  return format;
}

/** 'Monday, 23 November 2026' (en), Thai with the Buddhist year as Intl gives it, Russian. */
export function formatLongDate(iso: string, locale: 'en' | 'th' | 'ru'): string {
  const { y, m, d } = parseOrThrow(iso);
  // Noon in Bangkok: well inside the day, so the day shown can't shift.
  const instant = new TZDate(y, m - 1, d, 12, BUSINESS_TZ);
  return dateFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: BUSINESS_TZ,
    numberingSystem: 'latn',
  }).format(instant);
}

/** The instant a Bangkok date begins (00:00 +07:00). */
export function bangkokMidnight(iso: string): Date {
  return new Date(`${iso}T00:00:00+07:00`);
}

/** The first instant of the day after a Bangkok date (the end of that day, exclusive). */
export function bangkokDayEnd(iso: string): Date {
  return bangkokMidnight(addDaysISO(iso, 1));
}

/**
 * A query's range of instants for Bangkok days `from` to `to`, both inclusive (a list's date filter): from the first
 * instant of `from` to the first instant after `to`; either end may be left open.
 */
export function bangkokDayRange(from?: string | null, to?: string | null): { gte?: Date; lt?: Date } {
  return { ...(from ? { gte: bangkokMidnight(from) } : {}), ...(to ? { lt: bangkokDayEnd(to) } : {}) };
}

/** The month a Bangkok date falls in, as its first day and the next month's first day ('2026-11-01', '2026-12-01'). */
export function bangkokMonth(iso: string): { start: string; next: string } {
  const [y, m] = iso.split('-').map(Number);
  const n = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  return { start: `${pad(y, 4)}-${pad(m)}-01`, next: `${pad(n.y, 4)}-${pad(n.m)}-01` };
}

/** The instants of a Bangkok month ('2026-11' or any day in it): from its first instant to the next month's. */
export function bangkokMonthRange(period: string): { gte: Date; lt: Date } {
  const { start, next } = bangkokMonth(period.length === 7 ? `${period}-01` : period);
  return { gte: bangkokMidnight(start), lt: bangkokMidnight(next) };
}

/** The value a `@db.Date` column holds for a calendar day: that day at UTC midnight (how Prisma reads and writes it). */
export function dateColumn(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

/** '24 Nov 2026, 14:05' (en), Thai, Russian: an instant in Bangkok time, whatever the server's time zone. */
export function formatBangkokDateTime(date: Date, locale: string, dateStyle: 'medium' | 'long' = 'medium'): string {
  return dateFormat(locale, { dateStyle, timeStyle: 'short', timeZone: BUSINESS_TZ, numberingSystem: 'latn' }).format(date);
}

/**
 * The Bangkok day of an instant: '23 November 2026' (long), '23 Nov 2026' (medium), '23/11/2026' (short, in English;
 * the tax documents' form), in Thai with the Buddhist year and in Russian likewise.
 */
export function formatBangkokDate(date: Date, locale: string, dateStyle: 'short' | 'medium' | 'long' = 'long'): string {
  return dateFormat(locale, { dateStyle, timeZone: BUSINESS_TZ, numberingSystem: 'latn' }).format(date);
}

/** A month ('2026-11', or any day in it) written out: 'November 2026', 'พฤศจิกายน 2569', 'ноябрь 2026 г.'. */
export function formatMonth(period: string, locale: string): string {
  const { y, m } = parseOrThrow(period.length === 7 ? `${period}-01` : period);
  return dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' }).format(
    new Date(Date.UTC(y, m - 1, 15)),
  );
}

/** A calendar day's short weekday, day and short month, each on its own ('Mon', '23', 'Nov'): the date tiles. */
export function calendarDayParts(iso: string, locale: string): { weekday: string; day: string; month: string } {
  const { y, m, d } = parseOrThrow(iso);
  // Noon UTC of the day, written in UTC: the day is the one given in any zone.
  const at = new Date(Date.UTC(y, m - 1, d, 12));
  const part = (o: Intl.DateTimeFormatOptions) => dateFormat(locale, { ...o, timeZone: 'UTC', numberingSystem: 'latn' }).format(at);
  return { weekday: part({ weekday: 'short' }), day: part({ day: 'numeric' }), month: part({ month: 'short' }) };
}

let wallClock: Intl.DateTimeFormat | undefined;

/** An instant as Bangkok wall-clock time, '2026-11-26 07:05:00' (what a spreadsheet reads as a date and time). */
export function bangkokWallClock(date: Date): string {
  // Made on first use: built when this module loaded, it took 165 ms of the wizard's first page's script time at
  // Lighthouse's 4× slowdown (bench/2026-11-30-wizard-first-script.md), and only staff exports use it.
  wallClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  });
  const p = Object.fromEntries(wallClock.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
