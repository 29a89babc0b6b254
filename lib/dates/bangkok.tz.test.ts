import { describe, expect, it } from 'vitest';
import {
  addDaysISO,
  bangkokDayEnd,
  bangkokDayRange,
  bangkokMidnight,
  bangkokMonth,
  bangkokMonthRange,
  bangkokWallClock,
  BUSINESS_TZ,
  calendarDayParts,
  dateColumn,
  dateLocale,
  formatBangkokDate,
  formatBangkokDateTime,
  formatLongDate,
  formatMonth,
  isValidISODate,
  isWithinMoveInWindow,
  moveInWindow,
  todayInBangkok,
} from './bangkok';

describe('todayInBangkok', () => {
  it.each([
    // UTC date and Bangkok (UTC+7) date differ
    { now: '2026-11-22T18:30:00Z', today: '2026-11-23' },
    { now: '2026-11-22T16:59:59Z', today: '2026-11-22' },
    { now: '2026-11-22T17:00:00Z', today: '2026-11-23' },
    { now: '2026-12-31T17:00:00Z', today: '2027-01-01' },
    // 23:30 on the US west coast is already the next afternoon in Bangkok
    { now: '2026-03-08T07:30:00Z', today: '2026-03-08' },
  ])('$now -> $today', ({ now, today }) => {
    expect(BUSINESS_TZ).toBe('Asia/Bangkok');
    expect(todayInBangkok(new Date(now))).toBe(today);
  });

  it('defaults to the current time', () => {
    expect(isValidISODate(todayInBangkok())).toBe(true);
  });
});

describe('addDaysISO', () => {
  it.each([
    { iso: '2026-11-23', days: 12, out: '2026-12-05' },
    { iso: '2026-12-25', days: 12, out: '2027-01-06' },
    { iso: '2028-02-28', days: 1, out: '2028-02-29' },
    { iso: '2027-02-28', days: 1, out: '2027-03-01' },
    { iso: '2026-03-01', days: -1, out: '2026-02-28' },
    // US DST change day: calendar arithmetic must not be affected by the local TZ
    { iso: '2026-03-07', days: 2, out: '2026-03-09' },
    { iso: '2026-11-23', days: 0, out: '2026-11-23' },
  ])('$iso + $days = $out', ({ iso, days, out }) => {
    expect(addDaysISO(iso, days)).toBe(out);
  });

  it('rejects bad input', () => {
    expect(() => addDaysISO('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDaysISO('2026-11-23', 1.5)).toThrow(RangeError);
  });
});

describe('move-in window', () => {
  const now = new Date('2026-11-22T18:30:00Z'); // 2026-11-23 01:30 in Bangkok

  it('is Bangkok today .. today + 12', () => {
    expect(moveInWindow(now)).toEqual({ min: '2026-11-23', max: '2026-12-05' });
  });

  it.each([
    { iso: '2026-11-22', ok: false }, // still "today" in UTC, but yesterday in Bangkok
    { iso: '2026-11-23', ok: true },
    { iso: '2026-12-05', ok: true },
    { iso: '2026-12-06', ok: false },
    { iso: '2026-13-01', ok: false },
    { iso: 'tomorrow', ok: false },
  ])('$iso within window: $ok', ({ iso, ok }) => {
    expect(isWithinMoveInWindow(iso, now)).toBe(ok);
  });
});

describe('isValidISODate', () => {
  it.each([
    ['2026-11-23', true],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2026-04-31', false],
    ['2026-00-10', false],
    ['2026-1-5', false],
    ['2026-11-23T00:00:00Z', false],
    ['', false],
    [null, false],
    [20261123, false],
  ])('%s -> %s', (s, ok) => {
    expect(isValidISODate(s)).toBe(ok);
  });
});

describe('formatLongDate', () => {
  it('formats in each locale with the right weekday', () => {
    expect(formatLongDate('2026-11-23', 'en')).toBe('Monday, 23 November 2026');
    const th = formatLongDate('2026-11-23', 'th');
    expect(th).toContain('จันทร์'); // Monday
    expect(th).toContain('พฤศจิกายน'); // November
    expect(th).toMatch(/23/);
    expect(th).toMatch(/2569|2026/); // Buddhist year by default
    const ru = formatLongDate('2026-11-23', 'ru');
    expect(ru).toContain('понедельник');
    expect(ru).toContain('23 ноября 2026');
  });

  it('does not shift the day across time zones', () => {
    expect(formatLongDate('2027-01-01', 'en')).toBe('Friday, 1 January 2027');
    expect(formatLongDate('2026-03-08', 'en')).toBe('Sunday, 8 March 2026');
  });

  it('rejects invalid dates', () => {
    expect(() => formatLongDate('2026-02-30', 'en')).toThrow(RangeError);
  });
});

describe('instants of Bangkok days and months (the one place `T00:00:00+07:00` is written)', () => {
  it('a day starts at 17:00 UTC the day before, and a list filter covers both days whole', () => {
    expect(bangkokMidnight('2026-11-28').toISOString()).toBe('2026-11-27T17:00:00.000Z');
    expect(bangkokDayEnd('2026-11-28').toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(bangkokDayRange('2026-11-01', '2026-11-30')).toEqual({ gte: new Date('2026-10-31T17:00:00Z'), lt: new Date('2026-11-30T17:00:00Z') });
    expect(bangkokDayRange(undefined, '2026-12-31')).toEqual({ lt: new Date('2026-12-31T17:00:00Z') });
    expect(bangkokDayRange('2026-12-31', null)).toEqual({ gte: new Date('2026-12-30T17:00:00Z') });
  });

  it('a month runs from its first instant to the next month’s, across the year’s end', () => {
    expect(bangkokMonth('2026-12-15')).toEqual({ start: '2026-12-01', next: '2027-01-01' });
    expect(bangkokMonth('2026-02-28')).toEqual({ start: '2026-02-01', next: '2026-03-01' });
    expect(bangkokMonthRange('2026-12')).toEqual({ gte: new Date('2026-11-30T17:00:00Z'), lt: new Date('2026-12-31T17:00:00Z') });
  });

  it('a date column holds the day at UTC midnight', () => {
    expect(dateColumn('2026-11-28').toISOString()).toBe('2026-11-28T00:00:00.000Z');
  });
});

describe('dates written per locale', () => {
  const at = new Date('2026-11-24T07:05:00Z'); // 14:05 in Bangkok
  it('English is day first everywhere (24 Nov 2026, 14:05), Thai and Russian their own, in Bangkok time', () => {
    expect(formatBangkokDateTime(at, 'en')).toBe('24 Nov 2026, 14:05');
    expect(formatBangkokDateTime(at, 'en', 'long')).toBe('24 November 2026 at 14:05');
    expect(formatBangkokDateTime(at, 'th')).toMatch(/^24 .+ 14:05$/);
    expect(formatBangkokDateTime(at, 'ru')).toMatch(/^24 нояб\. 2026 г\., 14:05$/);
  });

  it('maps app locales and tags to the date locale, English for anything else', () => {
    expect(['en', 'th', 'ru', 'th-TH', 'de', ''].map(dateLocale)).toEqual(['en-GB', 'th-TH', 'ru-RU', 'th-TH', 'en-GB', 'en-GB']);
  });
});

describe('days, months and weekdays written per locale', () => {
  const late = new Date('2026-11-23T18:30:00Z'); // 01:30 on 24 November in Bangkok, still the 23rd in UTC

  it('an instant is written as its Bangkok day, long by default, dd/mm/yyyy short in English', () => {
    expect(formatBangkokDate(late, 'en')).toBe('24 November 2026');
    expect(formatBangkokDate(late, 'en', 'medium')).toBe('24 Nov 2026');
    expect(formatBangkokDate(late, 'en', 'short')).toBe('24/11/2026');
    expect(formatBangkokDate(late, 'th')).toBe('24 พฤศจิกายน 2569');
    expect(formatBangkokDate(late, 'ru')).toBe('24 ноября 2026 г.');
  });

  it('a month is its name and year, from a month or any day in it, Thai in the Buddhist year', () => {
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-12-31', 'en')).toBe('December 2026');
    expect(formatMonth('2027-01', 'th')).toBe('มกราคม 2570');
    expect(formatMonth('2026-11', 'ru')).toBe('ноябрь 2026 г.');
    expect(() => formatMonth('2026-13', 'en')).toThrow(RangeError);
  });

  it('a calendar day splits into weekday, day and month for the date tiles', () => {
    expect(calendarDayParts('2026-11-23', 'en')).toEqual({ weekday: 'Mon', day: '23', month: 'Nov' });
    expect(calendarDayParts('2026-12-31', 'ru')).toEqual({ weekday: 'чт', day: '31', month: 'дек.' });
    expect(calendarDayParts('2027-01-01', 'th').day).toBe('1');
  });

  it('a wall-clock time is the Bangkok date and time a spreadsheet reads', () => {
    expect(bangkokWallClock(late)).toBe('2026-11-24 01:30:00');
    expect(bangkokWallClock(new Date('2026-11-26T00:05:09Z'))).toBe('2026-11-26 07:05:09');
  });
});
