import { describe, expect, it } from 'vitest';
import { formatLongDate, moveInWindow, todayInBangkok } from './bangkok';

// vitest runs the unit tests under UTC and under Asia/Bangkok (vitest.config.ts): this guards that setup, and the
// business dates must not move with it.
describe('time zones', () => {
  it('the test process runs in the zone its project names', () => {
    const offset = new Date('2026-01-01T00:00:00Z').getTimezoneOffset();
    expect(offset).toBe(process.env.TZ === 'Asia/Bangkok' ? -420 : 0);
  });

  it('late evening in UTC is already tomorrow in Bangkok, whatever the machine zone', () => {
    const now = new Date('2026-11-22T18:30:00Z'); // 01:30 on the 23rd in Bangkok
    expect(todayInBangkok(now)).toBe('2026-11-23');
    expect(moveInWindow(now)).toEqual({ min: '2026-11-23', max: '2026-12-05' });
    expect(formatLongDate('2026-11-23', 'en')).toBe('Monday, 23 November 2026');
  });
});
