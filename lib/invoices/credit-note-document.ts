// What a credit note shows, computed once for its page and its PDF (docs/product-rules.md#documents-staff-issue). Pure.
import type { BuyerSnapshot, SellerSnapshot } from './parties';

export interface CreditNoteDocumentInput {
  number: string;
  issuedAt: Date;
  reason: string;
  /** satang credited, VAT included */
  amountSatang: number;
  vatSatang: number;
  seller: SellerSnapshot;
  buyer: BuyerSnapshot | null;
  invoice: {
    number: string;
    issuedAt: Date;
    reference: string;
    /** the invoice's VAT-inclusive value of goods and services (deposit and withholding excluded) */
    vatableSatang: number;
    vatSatang: number;
  };
  /** the credit notes of the same invoice issued before this one */
  earlier: readonly { amountSatang: number; vatSatang: number }[];
}

export interface CreditNoteDocument extends CreditNoteDocumentInput {
  /** business buyers get a Thai tax credit note (ใบลดหนี้) with the Revenue Code's fields */
  isTaxDocument: boolean;
  /** value before VAT as the invoice stood before this note (after earlier notes) */
  originalValue: number;
  /** value before VAT after this note */
  correctValue: number;
  /** originalValue − correctValue */
  difference: number;
  /** VAT on the difference */
  differenceVat: number;
  /** what the customer is credited: difference + its VAT */
  totalCredited: number;
}

/**
 * Revenue Code s.86/10: a credit note names the original tax invoice (number and date), the reason, the original
 * value, the correct value, the difference and the VAT on the difference. Values are before VAT, like the tax base on
 * the invoice.
 */
export function creditNoteDocument(input: CreditNoteDocumentInput): CreditNoteDocument {
  const earlierAmount = input.earlier.reduce((a, c) => a + c.amountSatang, 0);
  const earlierVat = input.earlier.reduce((a, c) => a + c.vatSatang, 0);
  const originalValue = Math.max(0, input.invoice.vatableSatang - earlierAmount - (input.invoice.vatSatang - earlierVat));
  const difference = input.amountSatang - input.vatSatang;
  return {
    ...input,
    isTaxDocument: input.buyer?.type === 'business',
    originalValue,
    correctValue: originalValue - difference,
    difference,
    differenceVat: input.vatSatang,
    totalCredited: input.amountSatang,
  };
}
