import { describe, expect, it } from 'vitest';
import { addMonthsISO, noticeOutcome } from './notice';

describe('notice to vacate (10 days before the next billing date)', () => {
  it('ends the day before the next billing date when it is 10 or more days away', () => {
    expect(noticeOutcome('2026-01-15', 1, '2026-03-05')).toEqual({ billingDate: '2026-03-15', moveOutDate: '2026-03-14' });
  });
  it('moves to the following billing date when fewer than 10 days are left', () => {
    expect(noticeOutcome('2026-01-15', 1, '2026-03-06')).toEqual({ billingDate: '2026-04-15', moveOutDate: '2026-04-14' });
  });
  it('never ends a prepaid term early: the first billing date is after the prepaid months', () => {
    expect(noticeOutcome('2026-01-15', 6, '2026-02-01')).toEqual({ billingDate: '2026-07-15', moveOutDate: '2026-07-14' });
  });
  it('counts months on the calendar, short months included', () => {
    expect(addMonthsISO('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsISO('2027-12-31', 2)).toBe('2028-02-29');
  });
});
