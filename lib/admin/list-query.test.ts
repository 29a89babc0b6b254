import { describe, expect, it } from 'vitest';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { cappedCount, countLimit, LIST_COUNT_CAP } from './list-query';

// The staff lists' pager counts up to a limit past the page shown (README "Performance" → "Scale").
describe('the capped count', () => {
  it('counts every match when there are fewer than the cap', async () => {
    const takes: number[] = [];
    const r = await cappedCount(1, 25, async (take) => (takes.push(take), Math.min(take, 37)));
    expect(r).toEqual({ count: 37, capped: false });
    expect(takes).toEqual([LIST_COUNT_CAP + 1]);
  });

  it('stops at the cap and says there are more', async () => {
    expect(await cappedCount(1, 25, async (take) => Math.min(take, 200_000))).toEqual({ count: 1_000, capped: true });
    // Exactly the cap is not "more than".
    expect(await cappedCount(1, 25, async (take) => Math.min(take, 1_000))).toEqual({ count: 1_000, capped: false });
  });

  it('reaches past the page shown, in round thousands, so a deep page knows whether another follows', async () => {
    expect(countLimit(1, 25)).toBe(1_000);
    expect(countLimit(39, 25)).toBe(1_000);
    expect(countLimit(40, 25)).toBe(2_000);
    expect(countLimit(50, 25)).toBe(2_000);
    expect(countLimit(80, 25)).toBe(3_000);
    expect(await cappedCount(50, 25, async (take) => Math.min(take, 200_000))).toEqual({ count: 2_000, capped: true });
  });

  it.each([
    ['en', en, 'admin.bookings', 'More than 1,000 bookings'],
    ['en', en, 'staffDocuments.list', 'More than 1,000 invoices'],
    ['th', th, 'admin.bookings', 'มากกว่า 1,000 การจอง'],
    ['th', th, 'staffDocuments.list', 'มากกว่า 1,000 ใบ'],
    ['ru', ru, 'admin.bookings', 'Более 1 000 бронирований'],
    ['ru', ru, 'staffDocuments.list', 'Более 1 000 счетов'],
  ] as const)('reads "more than" in %s (%s)', (locale, messages, namespace, text) => {
    const t = createTranslator({ locale, messages }) as unknown as (key: string, values: { count: number }) => string;
    expect(t(`${namespace}.countMore`, { count: 1_000 }).replace(/\u00a0/g, ' ')).toBe(text);
  });
});
