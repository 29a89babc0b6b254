import { describe, expect, it } from 'vitest';
import { example1, example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { validateContact } from '@/app/[locale]/booking-v2/_components/contact-rules';
import type { BookingDraft } from './draft';
import { validateSubmission } from './submit-validation';

const ctx = { unitMonthlyRate: 710_000, totalDueToday: 7_053_200 };
const withBranch = (draft: BookingDraft, taxBranch: 'head_office' | 'branch', branchNumber: string): BookingDraft => ({
  ...draft,
  contact: { ...draft.contact, taxBranch, branchNumber },
});
const problems = (d: BookingDraft, locale: 'en' | 'th' | 'ru' = 'en') => {
  const p = validateSubmission(d, ctx, locale, TEST_NOW);
  return [...p.missing, ...p.invalid];
};

describe('a business customer\'s head office or branch, in the wizard and on the server', () => {
  it('a head office and a 5-digit branch pass both', () => {
    for (const d of [withBranch(example2(), 'head_office', ''), withBranch(example2(), 'branch', '00012')]) {
      expect(validateContact(d.contact, true)).toEqual({});
      expect(problems(d)).toEqual([]);
    }
  });

  it.each([
    ['', 'branchNumberRequired', 'Branch number is required for a branch'],
    ['123', 'branchNumberLength', 'Branch number should be 5 digits'],
    ['00000', 'branchNumberHeadOffice', 'Branch number 00000 is the head office: please choose Head office'],
  ])('a branch numbered %j: the wizard marks the field (%s) and the server refuses with "%s"', (number, key, message) => {
    const d = withBranch(example2(), 'branch', number);
    expect(validateContact(d.contact, true)).toEqual({ branchNumber: key });
    expect(problems(d)).toEqual([message]);
  });

  it('the server answers in the customer\'s language', () => {
    const d = withBranch(example2(), 'branch', '12');
    expect(problems(d, 'th')).toEqual(['เลขที่สาขาต้องมี 5 หลัก']);
    expect(problems(d, 'ru')).toEqual(['Номер филиала должен состоять из 5 цифр']);
  });

  it('an individual is never asked: a leftover branch choice from switching types is ignored', () => {
    const d = withBranch(example1(), 'branch', '');
    expect(validateContact(d.contact, false)).toEqual({});
    expect(problems(d)).toEqual([]);
  });
});
