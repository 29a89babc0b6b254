// What an invoice still asks for, after part payments and credit notes (docs/product-rules.md#lifecycle). Pure.

export interface BalanceInput {
  totalSatang: number;
  payments: readonly { status: string; amountSatang: number; refundedSatang: number }[];
  creditNotes: readonly { amountSatang: number }[];
}

export interface InvoiceBalance {
  /** received and kept: paid payments less what was refunded on them */
  paidSatang: number;
  creditedSatang: number;
  /** still to pay; 0 once payments and credits cover the total */
  dueSatang: number;
}

export function invoiceBalance(i: BalanceInput): InvoiceBalance {
  const paidSatang = i.payments.filter((p) => p.status === 'paid' || p.status === 'refunded').reduce((a, p) => a + p.amountSatang - p.refundedSatang, 0);
  const creditedSatang = i.creditNotes.reduce((a, c) => a + c.amountSatang, 0);
  // A refund comes with a credit note for the same money: the payment counts net of it and the note lowers the total.
  const dueSatang = Math.max(0, i.totalSatang - creditedSatang - paidSatang);
  return { paidSatang, creditedSatang, dueSatang };
}
