// Whether an invoice is settled (docs/product-rules.md#thai-money, "Withholding tax (50 ทวิ)"). Pure.

/**
 * open: money still due; awaiting_certificate: a business customer paid the net and withheld the rest, and the
 * withholding-tax certificate (50 ทวิ) that stands for that part has not reached us; settled: nothing is missing.
 */
export type SettlementState = 'open' | 'void' | 'awaiting_certificate' | 'settled';

export function settlementState(d: { status: 'open' | 'paid' | 'void'; withholding: number; withholdingCertificate: unknown }): SettlementState {
  if (d.status === 'void') return 'void';
  if (d.status === 'open') return 'open';
  return d.withholding > 0 && !d.withholdingCertificate ? 'awaiting_certificate' : 'settled';
}

/**
 * How far a certificate's amount may stand from the invoice's withholding line: one baht, because the invoice rounds
 * the withholding to a whole baht (DECISIONS: every line in whole baht) while the customer's accounting may write
 * 5% of the exact value before VAT with its satang.
 */
export const CERTIFICATE_TOLERANCE_SATANG = 100;

export function certificateAmountFits(withheldSatang: number, certificateSatang: number): boolean {
  return Math.abs(withheldSatang - certificateSatang) <= CERTIFICATE_TOLERANCE_SATANG;
}
