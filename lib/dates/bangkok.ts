// Business dates are calendar days in Asia/Bangkok, whatever the server's or browser's TZ.
// Dates travel as 'YYYY-MM-DD' strings; instants only appear when we ask "what day is it now".

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

const DATE_LOCALES = { en: 'en-GB', th: 'th-TH', ru: 'ru-RU' } as const;

/** 'Monday, 23 November 2026' (en), Thai with the Buddhist year as Intl gives it, Russian. */
export function formatLongDate(iso: string, locale: 'en' | 'th' | 'ru'): string {
  const { y, m, d } = parseOrThrow(iso);
  // Noon in Bangkok: well inside the day, so the day shown can't shift.
  const instant = new TZDate(y, m - 1, d, 12, BUSINESS_TZ);
  return new Intl.DateTimeFormat(DATE_LOCALES[locale] ?? 'en-GB', {
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
