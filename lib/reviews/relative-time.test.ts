import { describe, expect, it } from 'vitest';
import { formatReviewAge } from './relative-time';

const NOW = new Date('2026-11-22T05:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

describe('formatReviewAge', () => {
  it.each([
    [0, 'today', 'วันนี้', 'сегодня'],
    [1, 'yesterday', 'เมื่อวาน', 'вчера'],
    [3, '3 days ago', '3 วันที่ผ่านมา', '3 дня назад'],
    [14, '2 weeks ago', '2 สัปดาห์ที่ผ่านมา', '2 недели назад'],
    [29, '4 weeks ago', '4 สัปดาห์ที่ผ่านมา', '4 недели назад'],
    [30, '1 month ago', '1 เดือนที่ผ่านมา', '1 месяц назад'],
    [150, '4 months ago', '4 เดือนที่ผ่านมา', '4 месяца назад'],
    [400, '1 year ago', '1 ปีที่แล้ว', '1 год назад'],
    [800, '2 years ago', '2 ปีที่แล้ว', '2 года назад'],
  ])('%i days → en "%s", th "%s", ru "%s"', (days, en, th, ru) => {
    expect(formatReviewAge(ago(days), NOW, 'en')).toBe(en);
    expect(formatReviewAge(ago(days), NOW, 'th')).toBe(th);
    expect(formatReviewAge(ago(days), NOW, 'ru')).toBe(ru);
  });

  it('treats a publication time slightly in the future as today', () => {
    expect(formatReviewAge(new Date(NOW.getTime() + 60_000), NOW, 'en')).toBe('today');
  });
});
