import { describe, expect, it } from 'vitest';
import { AGREEMENT_FEES, creditNoteVat, priceCounterInvoice } from './fees';

describe('the agreement fees staff invoice (docs/product-rules.md#agreement-and-business-facts)', () => {
  it('are the agreement\'s amounts in satang', () => {
    expect(AGREEMENT_FEES).toEqual({ cleaning: 50_000, cut_lock: 25_000, lost_master_lock: 300_000, relocation: 50_000 });
  });
});

describe('priceCounterInvoice', () => {
  it('prices each line half-up to a whole baht, totals the lines and contains VAT 7%', () => {
    const q = priceCounterInvoice([
      { kind: 'fee', code: 'cut_lock', quantity: 1, unitSatang: 25_000 },
      { kind: 'product', code: 'tape', quantity: 3, unitSatang: 3_000 },
      // 125.50 × 3 = 376.50 → 377; 125.49 × 3 = 376.47 → 376
      { kind: 'product', code: 'a', quantity: 3, unitSatang: 12_550 },
      { kind: 'product', code: 'b', quantity: 3, unitSatang: 12_549 },
      { kind: 'product', code: 'none', quantity: 0, unitSatang: 99_999 },
    ]);
    expect(q.lines.map((l) => l.amountSatang)).toEqual([25_000, 9_000, 37_700, 37_600]);
    expect(q.total).toBe(109_300);
    // 1,093 × 7/107 = 71.5047 → 72
    expect(q.vatIncluded).toBe(7_200);
  });

  it('accepts the boundaries: 99 of an item, a price of one satang', () => {
    expect(priceCounterInvoice([{ kind: 'product', code: 'tape', quantity: 99, unitSatang: 3_000 }]).total).toBe(297_000);
    // 0.01 × 50 = 0.50 → 1 baht; × 49 = 0.49 → 0
    expect(priceCounterInvoice([{ kind: 'product', code: 'x', quantity: 50, unitSatang: 1 }]).lines[0].amountSatang).toBe(100);
    expect(priceCounterInvoice([{ kind: 'product', code: 'x', quantity: 49, unitSatang: 1 }]).lines[0].amountSatang).toBe(0);
    // A zero total carries no VAT.
    expect(priceCounterInvoice([{ kind: 'product', code: 'x', quantity: 49, unitSatang: 1 }]).vatIncluded).toBe(0);
  });

  it('refuses nothing to invoice, bad quantities and prices', () => {
    expect(() => priceCounterInvoice([])).toThrow(/nothing/);
    expect(() => priceCounterInvoice([{ kind: 'fee', code: 'x', quantity: 100, unitSatang: 100 }])).toThrow(/quantity/);
    expect(() => priceCounterInvoice([{ kind: 'fee', code: 'x', quantity: 1.5, unitSatang: 100 }])).toThrow(/quantity/);
    expect(() => priceCounterInvoice([{ kind: 'fee', code: 'x', quantity: -1, unitSatang: 100 }])).toThrow(/quantity/);
    expect(() => priceCounterInvoice([{ kind: 'fee', code: 'x', quantity: 1, unitSatang: 0 }])).toThrow(/price/);
  });
});

describe('creditNoteVat', () => {
  // An invoice of 1,093 with VAT 72 (71.5047 rounded up).
  const base = { invoiceVatSatang: 7_200, vatableSatang: 109_300, creditedBeforeSatang: 0, creditedVatBeforeSatang: 0 };
  it('is 7/107 of the credit, half-up to a whole baht, at fractions either side of .5', () => {
    expect(creditNoteVat({ ...base, amountSatang: 12_900 })).toBe(800); // 8.4393 → 8
    expect(creditNoteVat({ ...base, amountSatang: 11_400 })).toBe(700); // 7.4579 → 7
    expect(creditNoteVat({ ...base, amountSatang: 22_150 })).toBe(1_400); // 14.4907 → 14
    expect(creditNoteVat({ ...base, amountSatang: 22_200 })).toBe(1_500); // 14.5234 → 15
  });
  it('the credit that empties the invoice takes all the VAT left, so the notes add up to the invoice\'s VAT', () => {
    const vats: number[] = [];
    let credited = 0;
    for (const amount of [12_900, 11_400, 19_000, 66_000]) {
      const vat = creditNoteVat({ ...base, creditedBeforeSatang: credited, creditedVatBeforeSatang: vats.reduce((a, v) => a + v, 0), amountSatang: amount });
      vats.push(vat);
      credited += amount;
    }
    expect(vats).toEqual([800, 700, 1_200, 4_500]);
    expect(vats.reduce((a, v) => a + v, 0)).toBe(7_200);
  });
  it('a credit one satang short of what is left is a plain 7/107; exactly what is left takes the rest', () => {
    const after = { ...base, creditedBeforeSatang: 100_000, creditedVatBeforeSatang: 6_000 };
    expect(creditNoteVat({ ...after, amountSatang: 9_299 })).toBe(600); // 6.0834 → 6
    expect(creditNoteVat({ ...after, amountSatang: 9_300 })).toBe(1_200);
    expect(creditNoteVat({ ...after, amountSatang: 9_301 })).toBe(1_200);
  });

  it('never more than the VAT still on the invoice, nor than the credit', () => {
    expect(creditNoteVat({ ...base, creditedVatBeforeSatang: 7_000, creditedBeforeSatang: 50_000, amountSatang: 10_700 })).toBe(200);
    expect(creditNoteVat({ invoiceVatSatang: 0, vatableSatang: 0, creditedBeforeSatang: 0, creditedVatBeforeSatang: 0, amountSatang: 500_000 })).toBe(0);
    expect(() => creditNoteVat({ ...base, amountSatang: -1 })).toThrow(RangeError);
  });
});
