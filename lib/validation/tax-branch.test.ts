import { describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n/translator';
import { formatBranchNumber, taxBranchChoice, taxBranchError, taxBranchNumber, taxBranchSchema } from './tax-branch';

describe('head office or branch (docs/product-rules.md#tax-branch)', () => {
  it('the head office needs no number, and whatever number was typed before is not used', () => {
    expect(taxBranchError({ kind: 'head_office' })).toBeNull();
    expect(taxBranchError({ kind: 'head_office', number: '12' })).toBeNull();
    expect(taxBranchNumber({ kind: 'head_office', number: '00012' })).toBe('00000');
  });

  it.each([
    ['00001', '00001'],
    ['00012', '00012'],
    ['99999', '99999'],
    [' 00012 ', '00012'],
  ])('a branch numbered %j is valid and stored as %j', (typed, stored) => {
    expect(taxBranchError({ kind: 'branch', number: typed })).toBeNull();
    expect(taxBranchNumber({ kind: 'branch', number: typed })).toBe(stored);
  });

  it.each([
    ['', 'branchNumberRequired'],
    ['   ', 'branchNumberRequired'],
    [null, 'branchNumberRequired'],
    ['1', 'branchNumberLength'],
    ['0012', 'branchNumberLength'],
    ['000012', 'branchNumberLength'],
    ['12a45', 'branchNumberLength'],
    ['00 12', 'branchNumberLength'],
    ['๐๐๐๑๒', 'branchNumberLength'], // Thai digits: the Revenue Department's number is printed in Arabic digits
    ['00000', 'branchNumberHeadOffice'],
  ] as const)('a branch numbered %j is refused with %s', (typed, error) => {
    expect(taxBranchError({ kind: 'branch', number: typed })).toBe(error);
    expect(() => taxBranchNumber({ kind: 'branch', number: typed })).toThrow();
  });

  it('refuses an unknown kind', () => {
    expect(taxBranchSchema.safeParse({ kind: 'subsidiary', number: '00012' }).success).toBe(false);
  });

  it('has the messages in the spec style in English, Thai and Russian', () => {
    const en = translator('en', 'taxBranch');
    expect(en('errors.branchNumberRequired')).toBe('Branch number is required for a branch');
    expect(en('errors.branchNumberLength')).toBe('Branch number should be 5 digits');
    expect(en('errors.branchNumberHeadOffice')).toBe('Branch number 00000 is the head office: please choose Head office');
    expect(translator('th', 'taxBranch')('errors.branchNumberLength')).toBe('เลขที่สาขาต้องมี 5 หลัก');
    expect(translator('ru', 'taxBranch')('errors.branchNumberLength')).toBe('Номер филиала должен состоять из 5 цифр');
  });

  it('a stored number comes back as the form choice; none (booked before it was asked) is the head office', () => {
    expect(taxBranchChoice(null)).toEqual({ kind: 'head_office', number: '' });
    expect(taxBranchChoice('00000')).toEqual({ kind: 'head_office', number: '' });
    expect(taxBranchChoice('00012')).toEqual({ kind: 'branch', number: '00012' });
  });

  it('keeps digits only as the customer types, at most 5', () => {
    expect(formatBranchNumber('00-012')).toBe('00012');
    expect(formatBranchNumber('1234567')).toBe('12345');
    expect(formatBranchNumber('abc')).toBe('');
  });
});
