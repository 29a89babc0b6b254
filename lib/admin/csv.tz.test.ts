import { describe, expect, it } from 'vitest';
import { bangkokDateTime, bangkokDay, calendarDay, safeCell, thb, toCsv } from './csv';

describe('safeCell: nothing a spreadsheet could run', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ['+66 81 234 5678', `'+66 81 234 5678`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
  ])('%j is quoted as text', (input, expected) => {
    expect(safeCell(input)).toBe(expected);
  });

  it('leaves ordinary text, Thai names and numbers alone', () => {
    expect(safeCell('สมชาย ใจดี')).toBe('สมชาย ใจดี');
    expect(safeCell('081-234-5678')).toBe('081-234-5678');
    expect(safeCell('-120.00')).toBe('-120.00');
    expect(safeCell(42)).toBe('42');
    expect(safeCell(null)).toBe('');
  });
});

describe('Bangkok dates', () => {
  it('shows an instant in Bangkok time: late evening UTC is the next morning', () => {
    expect(bangkokDateTime(new Date('2026-11-25T17:30:00Z'))).toBe('2026-11-26 00:30:00');
    expect(bangkokDay(new Date('2026-11-25T17:30:00Z'))).toBe('2026-11-26');
    expect(bangkokDay(new Date('2026-11-25T16:59:59Z'))).toBe('2026-11-25');
  });

  it('keeps a calendar-day column on its day', () => {
    expect(calendarDay(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12-01');
    expect(bangkokDateTime(null)).toBe('');
  });
});

describe('toCsv', () => {
  it('starts with a BOM, quotes what needs quoting and neutralises formulas in every row', () => {
    const csv = toCsv(['name', 'phone', 'total_thb'], [['Smith, "Jo"', '+66812345678', thb(-12_050)], ['=cmd|calc', '0812345678', thb(1_673_000)]]);
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(csv.slice(1).split('\n')).toEqual(['name,phone,total_thb', '"Smith, ""Jo""",\'+66812345678,-120.50', "'=cmd|calc,0812345678,16730.00", '']);
  });
});
