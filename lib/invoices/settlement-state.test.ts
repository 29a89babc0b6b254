import { describe, expect, it } from 'vitest';
import { certificateAmountFits, settlementState } from './settlement-state';

describe('an invoice with withholding is settled by its 50 ทวิ certificate', () => {
  it('paid net of withholding waits for the certificate; with it, or without withholding, it is settled', () => {
    expect(settlementState({ status: 'open', withholding: 3_046_00, withholdingCertificate: null })).toBe('open');
    expect(settlementState({ status: 'paid', withholding: 3_046_00, withholdingCertificate: null })).toBe('awaiting_certificate');
    expect(settlementState({ status: 'paid', withholding: 3_046_00, withholdingCertificate: { number: 'W-1' } })).toBe('settled');
    expect(settlementState({ status: 'paid', withholding: 0, withholdingCertificate: null })).toBe('settled');
    expect(settlementState({ status: 'void', withholding: 3_046_00, withholdingCertificate: null })).toBe('void');
    // A certificate recorded before the money is still an open invoice.
    expect(settlementState({ status: 'open', withholding: 3_046_00, withholdingCertificate: { number: 'W-1' } })).toBe('open');
  });

  it('a certificate amount within one baht of the withheld amount fits; further off it does not', () => {
    expect(certificateAmountFits(3_046_00, 3_046_00)).toBe(true);
    expect(certificateAmountFits(3_046_00, 3_045_57)).toBe(true); // 5% of the exact value before VAT
    expect(certificateAmountFits(3_046_00, 3_047_00)).toBe(true);
    expect(certificateAmountFits(3_046_00, 3_044_99)).toBe(false);
    expect(certificateAmountFits(3_046_00, 1_827_60)).toBe(false); // 3% (services) instead of 5% (rent)
  });
});
