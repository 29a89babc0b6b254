import { describe, expect, it } from 'vitest';
import {
  formatTaxId,
  formatThaiPhone,
  isValidEmail,
  isValidPhone,
  isValidThaiTaxId,
  taxIdDigits,
} from './contact';

describe('formatThaiPhone', () => {
  it.each([
    // mobile: 2-3-4 after the country code, 3-3-4 at home
    ['66813461073', '+66 81 346 1073'],
    ['+66813461073', '+66 81 346 1073'],
    ['+66 8 1346 1073', '+66 81 346 1073'],
    ['+66-81-346-1073', '+66 81 346 1073'],
    ['+66 0813461073', '+66 81 346 1073'], // the 0 typed after +66 is dropped
    ['+66936541234', '+66 93 654 1234'],
    ['+66612345678', '+66 61 234 5678'],
    ['66', '+66'],
    ['668', '+66 8'],
    ['66812', '+66 81 2'],
    ['0813461073', '081 346 1073'],
    ['081-346-1073', '081 346 1073'],
    ['(081) 346 1073', '081 346 1073'],
    ['0', '0'],
    ['081', '081'],
    ['0813', '081 3'],
    ['08134610739', '081 346 1073 9'], // too long: kept visible, not truncated
    // landlines: Bangkok 2 + 7 digits, provinces 2-digit area + 6 digits
    ['021234567', '02 123 4567'],
    ['+6621234567', '+66 2 123 4567'],
    ['076123456', '076 123 456'],
    ['+6676123456', '+66 76 123 456'],
    // left as typed
    ['+1 (555) 123-4567', '+1 (555) 123-4567'],
    ['+7 912 345 67 89', '+7 912 345 67 89'],
    ['6', '6'],
    ['abc', 'abc'],
    ['', ''],
  ])('%j -> %j', (input, out) => {
    expect(formatThaiPhone(input)).toBe(out);
  });

  it('formatted numbers are valid phones', () => {
    expect(isValidPhone(formatThaiPhone('66812345678'))).toBe(true);
    expect(isValidPhone(formatThaiPhone('0812345678'))).toBe(true);
  });
});

describe('isValidPhone', () => {
  it.each([
    ['+66 8 1234 5678', true],
    ['08 1234 5678', true],
    ['0812345678', true],
    ['(076) 123-456', true],
    ['+1 (555) 123-4567', true],
    ['12345678', true],
    ['  12345678  ', true],
    ['1234567', false],
    ['+1234567', false],
    ['', false],
    ['081234567x', false],
    ['081.234.5678', false],
    ['++66812345678', false],
    ['66+812345678', false],
    ['--------', false],
  ])('%j -> %s', (s, ok) => {
    expect(isValidPhone(s)).toBe(ok);
  });
});

describe('isValidEmail', () => {
  it.each([
    ['anna@example.com', true],
    ['first.last+tag@mail.co.th', true],
    [' anna@example.com ', true],
    ['иван@пример.рф', true],
    ['anna@example', false],
    ['anna@example.c', false],
    ['anna@.com', false],
    ['anna@example..com', false],
    ['anna example@x.com', false],
    ['@example.com', false],
    ['anna@@example.com', false],
    ['', false],
  ])('%j -> %s', (s, ok) => {
    expect(isValidEmail(s)).toBe(ok);
  });
});

describe('tax id', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '1-2'],
    ['12345', '1-2345'],
    ['123456', '1-2345-6'],
    ['1234567890', '1-2345-67890'],
    ['12345678901', '1-2345-67890-1'],
    ['1234567890123', '1-2345-67890-12-3'],
    ['12345678901234', '1-2345-67890-12-3'],
    ['1-2345-67890-12-3', '1-2345-67890-12-3'],
    ['1 2345 67890 12 3', '1-2345-67890-12-3'],
    ['ab0107544000108', '0-1075-44000-10-8'],
  ])('formatTaxId(%j) -> %j', (input, out) => {
    expect(formatTaxId(input)).toBe(out);
  });

  it('taxIdDigits strips everything but digits', () => {
    expect(taxIdDigits('0-1075-44000-10-8')).toBe('0107544000108');
    expect(taxIdDigits(' x ')).toBe('');
  });

  // Check digits computed with the mod-11 rule; 0107544000108 and 0107536000102 are real company IDs.
  it.each([
    '0107544000108',
    '0-1075-36000-10-2',
    '1101700234568',
    '3100100123451',
    '1234567890121',
    '0105555123450',
  ])('valid: %s', (id) => {
    expect(isValidThaiTaxId(id)).toBe(true);
  });

  it.each([
    '0107544000109', // wrong check digit
    '1101700234567',
    '1234567890123',
    '010754400010', // 12 digits
    '01075440001080', // 14 digits
    '',
    'abcdefghijklm',
  ])('invalid: %s', (id) => {
    expect(isValidThaiTaxId(id)).toBe(false);
  });

  it('exactly one check digit is valid for a given 12-digit prefix', () => {
    const prefix = '110170023456';
    const valid = Array.from({ length: 10 }, (_, d) => `${prefix}${d}`).filter(isValidThaiTaxId);
    expect(valid).toEqual(['1101700234568']);
  });
});
