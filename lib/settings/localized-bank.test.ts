import { describe, expect, it } from 'vitest';
import { defaultSetting, localizedBank } from './index';

describe('the bank account in the customer language', () => {
  it('names the bank and branch in Thai on Thai pages, keeps the account as the bank writes it', () => {
    const bank = defaultSetting('bank');
    const th = localizedBank(bank, 'th');
    expect(th.bankName).toBe('ธนาคารกสิกรไทย');
    expect(th.branch).toMatch(/[\u0E00-\u0E7F]/);
    expect(th.accountNumber).toBe(bank.accountNumber);
    expect(th.accountName).toBe(bank.accountName);
    expect(localizedBank(bank, 'en').bankName).toBe('Kasikornbank');
    // No translation set: the name as entered.
    expect(localizedBank({ ...bank, translations: {} }, 'th').bankName).toBe('Kasikornbank');
  });
});
