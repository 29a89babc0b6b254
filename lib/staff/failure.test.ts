import { describe, expect, it } from 'vitest';
import { AccountFailure, accountFailureMessage } from './failure';

/** A staff account refusal reads the message family it always did, in the staff member's language. */
describe('accountFailureMessage', () => {
  it('reads a wrong code from the account texts', () => {
    expect(accountFailureMessage('en', new AccountFailure('wrong_code'))).toBe('That code is not right. Check the time on your phone and try the new code.');
  });

  it('says how long to wait when code checks are limited, from the security texts', () => {
    expect(accountFailureMessage('en', new AccountFailure('code_limited'))).toBe('Too many codes tried. Please wait 15 minutes and try again.');
  });

  it('answers in Thai for a Thai staff member', () => {
    expect(new AccountFailure('wrong_code').say('th')).toBe('รหัสไม่ถูกต้อง ตรวจสอบเวลาในโทรศัพท์แล้วลองรหัสใหม่');
  });
});
