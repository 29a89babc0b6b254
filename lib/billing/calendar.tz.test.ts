// The billing calendar and the other dated rules that are pure functions, each on both sides of its threshold
// (docs/product-rules.md#invoices-billing-and-delinquency, "Agreement and business facts").
import { describe, expect, it } from 'vitest';
import { isWithinMoveInWindow, moveInWindow } from '@/lib/dates/bangkok';
import { noticeOutcome } from '@/lib/portal/notice';
import { effectiveDateFor } from './rent-changes';
import { addMonthsISO, bangkokMidnight, DEFAULT_DAY, daysBetween, GRACE_DAYS, INVOICE_LEAD_DAYS, OVERLOCK_DAY, periodsToIssue, REMINDER_DAYS_BEFORE, renewalPeriod } from './calendar';

describe('billing calendar', () => {
  it('the rental agreement figures', () => {
    expect({ INVOICE_LEAD_DAYS, REMINDER_DAYS_BEFORE, GRACE_DAYS, OVERLOCK_DAY, DEFAULT_DAY }).toEqual({ INVOICE_LEAD_DAYS: 7, REMINDER_DAYS_BEFORE: 3, GRACE_DAYS: 10, OVERLOCK_DAY: 30, DEFAULT_DAY: 60 });
  });

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-01-31', 2, '2026-03-31'],
    ['2026-11-25', 3, '2027-02-25'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-12-31', 12, '2027-12-31'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-05-10', 0, '2026-05-10'],
  ])('addMonthsISO(%s, %s) = %s', (from, months, expected) => {
    expect(addMonthsISO(from, months)).toBe(expected);
  });

  it('counts whole days between calendar dates', () => {
    expect(daysBetween('2027-02-25', '2027-03-07')).toBe(10);
    expect(daysBetween('2027-02-25', '2027-03-27')).toBe(30);
    expect(daysBetween('2027-03-27', '2027-02-25')).toBe(-30);
    expect(daysBetween('2027-02-25', '2027-02-25')).toBe(0);
  });

  it('a period runs from its billing date to the day before the next; its invoice is issued 7 days ahead', () => {
    expect(renewalPeriod('2026-11-25', 3, 0)).toEqual({ index: 0, start: '2027-02-25', end: '2027-03-24', issueOn: '2027-02-18' });
    expect(renewalPeriod('2026-11-25', 3, 1)).toEqual({ index: 1, start: '2027-03-25', end: '2027-04-24', issueOn: '2027-03-18' });
    // From 31 January: 28 February, then 31 March again (never chained from the shorter month).
    expect(renewalPeriod('2027-01-31', 1, 0)).toEqual({ index: 0, start: '2027-02-28', end: '2027-03-30', issueOn: '2027-02-21' });
    expect(renewalPeriod('2027-01-31', 1, 1).start).toBe('2027-03-31');
  });

  it('periodsToIssue: none the day before the issue date, one on it, catching up after missed runs', () => {
    expect(periodsToIssue('2026-11-25', 3, '2027-02-17')).toEqual([]);
    expect(periodsToIssue('2026-11-25', 3, '2027-02-18').map((p) => p.start)).toEqual(['2027-02-25']);
    expect(periodsToIssue('2026-11-25', 3, '2027-03-17').map((p) => p.start)).toEqual(['2027-02-25']);
    expect(periodsToIssue('2026-11-25', 3, '2027-03-18').map((p) => p.start)).toEqual(['2027-02-25', '2027-03-25']);
    expect(periodsToIssue('2026-11-25', 1, '2027-11-25', 3).map((p) => p.index)).toEqual([0, 1, 2]);
  });

  it('a Bangkok date begins at 17:00 UTC the day before', () => {
    expect(bangkokMidnight('2027-02-25').toISOString()).toBe('2027-02-24T17:00:00.000Z');
  });
});

describe('notice to vacate: 10 days before the next billing date', () => {
  it('on day 10 before the billing date it stops that date; on day 9 the next one', () => {
    expect(noticeOutcome('2026-11-25', 3, '2027-02-15')).toEqual({ billingDate: '2027-02-25', moveOutDate: '2027-02-24' });
    expect(noticeOutcome('2026-11-25', 3, '2027-02-16')).toEqual({ billingDate: '2027-03-25', moveOutDate: '2027-03-24' });
  });
});

describe('move-in window: Bangkok today to today + 12 days', () => {
  // 23:59 and 00:00 in Bangkok on 22/23 November 2026.
  const lateOn22 = new Date('2026-11-22T16:59:00Z');
  const startOf23 = new Date('2026-11-22T17:00:00Z');
  it('the day before today and the day after the 12th are refused; both ends are allowed', () => {
    expect(moveInWindow(lateOn22)).toEqual({ min: '2026-11-22', max: '2026-12-04' });
    expect(moveInWindow(startOf23)).toEqual({ min: '2026-11-23', max: '2026-12-05' });
    expect(isWithinMoveInWindow('2026-11-22', startOf23)).toBe(false);
    expect(isWithinMoveInWindow('2026-11-23', startOf23)).toBe(true);
    expect(isWithinMoveInWindow('2026-12-05', startOf23)).toBe(true);
    expect(isWithinMoveInWindow('2026-12-06', startOf23)).toBe(false);
    expect(isWithinMoveInWindow('2026-12-05', lateOn22)).toBe(false);
  });
});

describe("price changes: an increase with 30 days' notice, a decrease from the next billing date not yet invoiced", () => {
  // Month to month from 25 November 2026, nothing prepaid, nothing invoiced yet.
  const rental = { startDate: new Date('2026-11-25T00:00:00Z'), months: 1, paidThroughMonths: null, moveOutDate: null, invoices: [] };
  it('an increase told 30 days before a billing date starts on it; told 29 days before, a month later', () => {
    expect(effectiveDateFor(rental, true, '2027-01-26')).toBe('2027-02-25');
    expect(effectiveDateFor(rental, true, '2027-01-27')).toBe('2027-03-25');
  });
  it('a decrease starts on the next billing date, even the day after; on the billing date itself, the following one', () => {
    expect(effectiveDateFor(rental, false, '2027-02-24')).toBe('2027-02-25');
    expect(effectiveDateFor(rental, false, '2027-02-25')).toBe('2027-03-25');
    // Never on a period already invoiced.
    expect(effectiveDateFor({ ...rental, invoices: [{ periodStart: new Date('2027-02-25T00:00:00Z') }] }, false, '2027-02-20')).toBe('2027-03-25');
  });
  it('not for a tenant who leaves before the date', () => {
    expect(effectiveDateFor({ ...rental, moveOutDate: new Date('2027-03-24T00:00:00Z') }, true, '2027-01-27')).toBeNull();
  });
});
