import { describe, expect, it } from 'vitest';
import { normalizeSearchText, phoneKey, searchTerms } from './search-terms';

describe('phoneKey: one Thai number however it is written', () => {
  it.each([
    ['081 234 5678'],
    ['081-234-5678'],
    ['0812345678'],
    ['+66 81 234 5678'],
    ['+66812345678'],
    ['66 81 234 5678'],
    ['(081) 234-5678'],
    ['081.234.5678'],
  ])('%s', (typed) => {
    expect(phoneKey(typed)).toBe('812345678');
  });

  it('keeps a partial number, so the last digits find the customer', () => {
    expect(phoneKey('5678')).toBe('5678');
    expect(phoneKey('234 5678')).toBe('2345678');
  });

  it('does not treat a Bangkok landline starting 02 as a country code', () => {
    expect(phoneKey('02 123 4567')).toBe('21234567');
    expect(phoneKey('+66 2 123 4567')).toBe('21234567');
  });

  it('is not a phone number when it has letters or too few digits', () => {
    expect(phoneKey('BF2-1234ABCD')).toBeNull();
    expect(phoneKey('somchai')).toBeNull();
    expect(phoneKey('081')).toBeNull();
    expect(phoneKey('INV-2026-000123')).toBeNull();
  });
});

describe('normalizeSearchText: Thai as staff type it', () => {
  it('joins a SARA AM typed as two marks into the one letter', () => {
    expect(normalizeSearchText('น\u0e4d\u0e32')).toBe('น\u0e33');
    expect(normalizeSearchText('ค\u0e4d\u0e32แก้ว')).toBe('คำแก้ว');
  });

  it('drops zero-width spaces copied from chats and squeezes spaces', () => {
    expect(normalizeSearchText('  สมชาย\u200b   ใจดี ')).toBe('สมชาย ใจดี');
  });

  it('composes accents (NFC), so a decomposed é matches the stored name', () => {
    expect(normalizeSearchText('Rene\u0301')).toBe('René');
  });
});

describe('searchTerms', () => {
  it('splits a Thai full name into words for first and last name', () => {
    expect(searchTerms('สมชาย ใจดี')).toMatchObject({ text: 'สมชาย ใจดี', words: ['สมชาย', 'ใจดี'], phone: null });
  });

  it('reads a reference or document number in any case, without spaces', () => {
    expect(searchTerms(' bf2-ab12 cd34 ')?.code).toBe('BF2-AB12CD34');
    expect(searchTerms('inv-2026-000123')?.code).toBe('INV-2026-000123');
  });

  it('carries the phone key of a number written with spaces', () => {
    expect(searchTerms('081 234 5678')?.phone).toBe('812345678');
  });

  it('refuses a query under two characters', () => {
    expect(searchTerms('a')).toBeNull();
    expect(searchTerms('   ')).toBeNull();
    expect(searchTerms('\u200b')).toBeNull();
  });
});
