import { describe, expect, it } from 'vitest';
import { adminDates } from './admin-dates';
import { humanizeCode } from '@/lib/admin/labels';
import { DEFAULT_SETTINGS } from '@/lib/settings/defaults';
import en from '@/messages/en.json' with { type: 'json' };
import th from '@/messages/th.json' with { type: 'json' };
import ru from '@/messages/ru.json' with { type: 'json' };

// One date format per admin language, the Thai one always in the Buddhist era (docs/product-rules.md#dates-and-words-staff-read).
describe('adminDates', () => {
  const instant = new Date('2026-11-28T11:03:00Z'); // 18:03 in Bangkok
  const late = new Date('2026-11-28T18:30:00Z'); // already 29 November in Bangkok

  it('English: day month year, 24-hour time, Bangkok days', () => {
    const d = adminDates('en');
    expect(d.day(instant)).toBe('28 Nov 2026');
    expect(d.dateTime(instant)).toBe('28 Nov 2026, 18:03');
    expect(d.day(late)).toBe('29 Nov 2026');
    expect(d.calendarDay('2026-11-30')).toBe('30 Nov 2026');
    expect(d.calendarDay(new Date('2026-11-30T00:00:00.000Z'))).toBe('30 Nov 2026');
    expect(d.month('2026-11-01')).toBe('Nov 26');
    expect(d.day(null)).toBe('—');
    expect(d.time(instant)).toBe('18:03');
    expect(d.time(late)).toBe('01:30');
  });

  it('Thai: Buddhist era everywhere, Latin digits', () => {
    const d = adminDates('th');
    expect(d.day(instant)).toBe('28 พ.ย. 2569');
    expect(d.dateTime(instant)).toBe('28 พ.ย. 2569 18:03');
    expect(d.calendarDay('2026-11-30')).toBe('30 พ.ย. 2569');
    expect(d.month('2026-11-01')).toBe('พ.ย. 69');
    for (const s of [d.day(instant), d.dateTime(instant), d.calendarDay('2026-01-02')]) expect(s).not.toMatch(/2026/);
  });

  it('Russian', () => {
    expect(adminDates('ru').day(instant)).toMatch(/^28 нояб\. 2026/);
  });
});

describe('words, not codes', () => {
  it('a code without its label yet is made readable', () => {
    expect(humanizeCode('lateFees')).toBe('Late fees');
    expect(humanizeCode('gate_pin')).toBe('Gate pin');
  });

  it('every setting staff edit has a label in English, Thai and Russian', () => {
    const paths = (value: unknown, prefix: string): string[] =>
      value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value).flatMap(([k, v]) => paths(v, prefix ? `${prefix}.${k}` : k)) : [prefix];
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      for (const path of paths(value, '')) {
        for (const [lang, messages] of Object.entries({ en, th, ru })) {
          const label = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], (messages.admin.settings.fields as Record<string, unknown>)[key]);
          expect(typeof label, `${lang}: admin.settings.fields.${key}.${path}`).toBe('string');
        }
      }
    }
  });

  it('every billing job counter has a label in each admin language', () => {
    const counters = ['releasedHolds', 'holdReminders', 'expiredOffers', 'rentChangesApplied', 'prepaymentsLapsed', 'renewalInvoices', 'cardsCharged', 'cardsFailed', 'invoiceEmails', 'reminders', 'lateFees', 'suspended', 'overlocked', 'defaulted'];
    for (const messages of [en, th, ru]) for (const c of counters) expect((messages.admin.jobs.counters as Record<string, string>)[c], c).toBeTruthy();
  });
});
