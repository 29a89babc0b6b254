import { describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';
import { DEFAULT_SETTINGS } from './defaults';
import { officeDayRuns, officeHoursText, type OfficeDay } from './office-hours';

const text = (locale: Locale, officeDays: OfficeDay[], style: 'long' | 'short', start = false) =>
  officeHoursText(translator(locale, 'officeDays'), locale, { officeDays, opens: '09:00', closes: '18:00' }, style, start);

describe('office hours as the texts say them', () => {
  it('the shipped hours read as the site has always written them, in every language', () => {
    const hours = DEFAULT_SETTINGS.hours;
    const say = (locale: Locale, style: 'long' | 'short', start = false) => officeHoursText(translator(locale, 'officeDays'), locale, hours, style, start);
    expect(say('en', 'long')).toEqual({ days: 'Monday to Saturday', opens: '9:00', closes: '18:00' });
    expect(say('en', 'short').days).toBe('Mon–Sat');
    expect(say('th', 'long').days).toBe('วันจันทร์ถึงวันเสาร์');
    expect(say('th', 'short').days).toBe('จ.–ส.');
    expect(say('ru', 'long').days).toBe('с понедельника по субботу');
    expect(say('ru', 'long', true).days).toBe('С понедельника по субботу');
    expect(say('ru', 'short').days).toBe('Пн–Сб');
  });

  it('days staff change reach every language, with its grammar', () => {
    expect(text('en', ['Tu', 'We', 'Th', 'Fr', 'Sa'], 'long').days).toBe('Tuesday to Saturday');
    expect(text('ru', ['Tu', 'We', 'Th', 'Fr', 'Sa'], 'long').days).toBe('со вторника по субботу');
    expect(text('ru', ['We', 'Th', 'Fr'], 'long').days).toBe('со среды по пятницу');
    expect(text('th', ['Mo', 'Tu', 'We', 'Th', 'Fr'], 'long').days).toBe('วันจันทร์ถึงวันศุกร์');
  });

  it('a gap in the week is said as two parts; two days are named, not ranged; one day is "on Saturdays"', () => {
    expect(text('en', ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr'], 'long').days).toBe('Monday to Friday and Sundays');
    expect(text('en', ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Su'], 'short').days).toBe('Mon–Fri & Sun');
    expect(text('ru', ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Su'], 'long').days).toBe('с понедельника по пятницу и по воскресеньям');
    expect(text('en', ['Sa', 'Su'], 'long').days).toBe('Saturdays and Sundays');
    expect(text('ru', ['Sa'], 'long').days).toBe('по субботам');
    expect(text('th', ['Sa'], 'long').days).toBe('วันเสาร์');
  });

  it('times are written as people write office hours', () => {
    expect(officeHoursText(translator('en', 'officeDays'), 'en', { officeDays: ['Mo'], opens: '08:30', closes: '17:00' }, 'long')).toMatchObject({ opens: '8:30', closes: '17:00' });
  });

  it('runs follow the week, whatever order staff saved the days in', () => {
    expect(officeDayRuns(['Sa', 'Mo', 'Tu', 'We'])).toEqual([
      { from: 'Mo', to: 'We' },
      { from: 'Sa', to: 'Sa' },
    ]);
  });
});
