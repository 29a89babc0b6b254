import { describe, expect, it } from 'vitest';
import { AdminFailure, adminFailureMessage } from './failure';
import { RentalFailure, rentalFailureMessage } from '@/lib/rentals/failure';

/** Each kind of admin refusal reads the same message family it always did, in the staff member's language. */
describe('adminFailureMessage', () => {
  it('reads each kind from its own family', () => {
    expect(adminFailureMessage('en', new AdminFailure('account', 'wrong_code'))).toBe('That code is not right. Check the time on your phone and try the new code.');
    expect(adminFailureMessage('en', new AdminFailure('rates', 'suggestion_changed'))).toMatch(/^The figures changed since this page was loaded/);
  });

  it("reads a rental command's refusal from the booking actions family", () => {
    expect(rentalFailureMessage('en', new RentalFailure('amount_mismatch'))).toBe('The amount must be exactly the amount due.');
  });

  it('says how long to wait when code checks are limited, from the security texts', () => {
    expect(adminFailureMessage('en', new AdminFailure('account', 'code_limited'))).toBe('Too many codes tried. Please wait 15 minutes and try again.');
  });

  it('answers in Thai for a Thai staff member', () => {
    expect(adminFailureMessage('th', new AdminFailure('account', 'wrong_code'))).toBe('รหัสไม่ถูกต้อง ตรวจสอบเวลาในโทรศัพท์แล้วลองรหัสใหม่');
  });
});
