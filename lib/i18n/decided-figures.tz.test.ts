import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { statedFigures } from '@/test/decided-figures';

/** Messages whose figure is another fact than the constant it happens to equal. */
const NOT_DECIDED: Record<string, string> = {
  'faq.items.access.a': '24 hours a day, 7 days a week: the opening, not a hold',
  'faq.contactText': 'how soon the team answers a message, a promise of people, not a rule of the code',
  'admin.trends.bucket.60+': "the name of the arrears bucket whose key ('60+') states the same limit; the buckets' limits are tested in lib/admin/dashboard-trends.integration.test.ts",
  'greenbox.terms.abandoned': "GreenBox's own terms for boxes not returned; no code counts these days",
};

function flatten(o: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));
}

describe('figures the code decides are placeholders in every message', () => {
  it('finds the figures it looks for, in all three languages', () => {
    expect(statedFigures('We hold the unit for 48 hours.').map((f) => f.unit)).toEqual(['hours']);
    expect(statedFigures('ไฟล์ต้องไม่เกิน 10 MB')).toHaveLength(1);
    expect(statedFigures('в течение 15 минут')).toHaveLength(1);
    expect(statedFigures('ภายใน 12 วัน')).toHaveLength(1);
    expect(statedFigures('Setup fee ฿350 (includes a lock)')).toHaveLength(1);
    expect(statedFigures('within {hours} hours, {minutes, plural, one {# minute} other {# minutes}}')).toEqual([]);
    expect(statedFigures('Verified within 1–2 hours')).toEqual([]);
    expect(statedFigures('Withholding tax 5%').map((f) => f.unit)).toEqual(['percent']);
    expect(statedFigures('Уменьшается до 1600 пикселей.').map((f) => f.unit)).toEqual(['pixels']);
  });

  it.each([
    ['en', en],
    ['th', th],
    ['ru', ru],
  ] as const)('%s: no message states one', (_locale, messages) => {
    const stated = flatten(messages)
      .filter(([key]) => !(key in NOT_DECIDED))
      .flatMap(([key, text]) => statedFigures(text).map((f) => `${key}: ${f.said.trim()}`));
    expect(stated).toEqual([]);
  });
});
