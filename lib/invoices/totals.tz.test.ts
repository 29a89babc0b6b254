import { describe, expect, it } from 'vitest';
import type { Prisma } from '@/generated/prisma/client';
import { invoiceBalance } from './balance';
import { InvoiceError, invoiceTotal, issueInvoice, type InvoiceLineInput } from './issue';
import { documentYear, formatDocumentNumber } from './numbering';

// The arithmetic every invoice, part payment and credit note goes through (docs/product-rules.md#lifecycle), at the
// satang on each side of its limits.

const line = (o: Partial<InvoiceLineInput>): InvoiceLineInput => ({ kind: 'rent', description: 'Rent', quantity: 1, unitSatang: 100_00, amountSatang: 100_00, ...o });

describe('invoice total', () => {
  it('is the sum of its lines, discounts and withholding taken off', () => {
    expect(invoiceTotal([line({ amountSatang: 1_000_00 }), line({ kind: 'insurance', amountSatang: 300_00 }), line({ kind: 'discount', amountSatang: -100_00 }), line({ kind: 'withholding_tax', amountSatang: -46_73 })])).toBe(1_153_27);
    expect(invoiceTotal([])).toBe(0);
  });

  it('refuses a fraction of a satang, a fractional or negative quantity, and says which line', () => {
    expect(() => invoiceTotal([line({ description: 'Box', amountSatang: 10.5 })])).toThrow(new InvoiceError('invoice line "Box" is not whole satang'));
    expect(() => invoiceTotal([line({ unitSatang: 0.1 })])).toThrow(InvoiceError);
    expect(() => invoiceTotal([line({ amountSatang: Number.MAX_SAFE_INTEGER + 1 })])).toThrow(InvoiceError);
    expect(() => invoiceTotal([line({ quantity: 1.5 })])).toThrow(InvoiceError);
    expect(() => invoiceTotal([line({ quantity: -1 })])).toThrow(InvoiceError);
    expect(invoiceTotal([line({ quantity: 0, amountSatang: 0 })])).toBe(0);
  });

  it('a charge is never negative and a discount or withholding never positive; zero is allowed for both', () => {
    expect(() => invoiceTotal([line({ kind: 'fee', description: 'Late fee', amountSatang: -1 })])).toThrow(new InvoiceError('invoice line "Late fee" (fee) has the wrong sign'));
    expect(() => invoiceTotal([line({ kind: 'discount', amountSatang: 1 })])).toThrow(InvoiceError);
    expect(() => invoiceTotal([line({ kind: 'withholding_tax', amountSatang: 1 })])).toThrow(InvoiceError);
    expect(invoiceTotal([line({ kind: 'discount', amountSatang: 0 }), line({ kind: 'fee', amountSatang: 0 })])).toBe(0);
  });
});

describe('issuing refuses a wrong invoice before it takes a number', () => {
  // Any use of the transaction would take a number: these are refused before.
  const untouched = new Proxy({}, { get: () => { throw new Error('the transaction was used'); } }) as Prisma.TransactionClient;
  const input = { bookingId: 'b', kind: 'renewal' as const, vatSatang: 0, issuedAt: new Date('2026-11-22T05:00:00Z'), dueAt: null };

  it('no lines, a negative total, lines that do not add up to the quote, VAT that is not whole satang or negative', async () => {
    await expect(issueInvoice(untouched, { ...input, lines: [] })).rejects.toThrow('an invoice needs at least one line');
    await expect(issueInvoice(untouched, { ...input, lines: [line({ amountSatang: 100 }), line({ kind: 'discount', amountSatang: -101 })] })).rejects.toThrow('an invoice total cannot be negative');
    await expect(issueInvoice(untouched, { ...input, lines: [line({ amountSatang: 100 })], expectedTotal: 101 })).rejects.toThrow('invoice lines add up to 100, expected 101');
    await expect(issueInvoice(untouched, { ...input, lines: [line({ amountSatang: 100 })], vatSatang: 6.5 })).rejects.toThrow('VAT must be whole satang');
    await expect(issueInvoice(untouched, { ...input, lines: [line({ amountSatang: 100 })], vatSatang: -1 })).rejects.toThrow('VAT must be whole satang');
  });

  it('a total of exactly zero, the expected total and VAT of zero get past the checks (to the database)', async () => {
    await expect(issueInvoice(untouched, { ...input, lines: [line({ amountSatang: 100 }), line({ kind: 'discount', amountSatang: -100 })], expectedTotal: 0 })).rejects.toThrow('the transaction was used');
  });
});

describe('what an invoice still asks for', () => {
  const paid = (amountSatang: number, refundedSatang = 0, status = 'paid') => ({ status, amountSatang, refundedSatang });

  it('counts paid and refunded payments net of their refunds, never waiting or failed ones', () => {
    expect(invoiceBalance({ totalSatang: 1_000_00, payments: [paid(400_00), paid(100_00, 0, 'proof_uploaded'), paid(100_00, 0, 'failed')], creditNotes: [] })).toEqual({ paidSatang: 400_00, creditedSatang: 0, dueSatang: 600_00 });
    expect(invoiceBalance({ totalSatang: 1_000_00, payments: [paid(1_000_00, 1_000_00, 'refunded')], creditNotes: [{ amountSatang: 1_000_00 }] })).toEqual({ paidSatang: 0, creditedSatang: 1_000_00, dueSatang: 0 });
    expect(invoiceBalance({ totalSatang: 1_000_00, payments: [paid(1_000_00, 300_00)], creditNotes: [{ amountSatang: 300_00 }] })).toEqual({ paidSatang: 700_00, creditedSatang: 300_00, dueSatang: 0 });
  });

  it('one satang short is still due; exactly covered is 0; more never goes below 0', () => {
    expect(invoiceBalance({ totalSatang: 1_000_00, payments: [paid(999_99)], creditNotes: [] }).dueSatang).toBe(1);
    expect(invoiceBalance({ totalSatang: 1_000_00, payments: [paid(600_00)], creditNotes: [{ amountSatang: 400_00 }] }).dueSatang).toBe(0);
    expect(invoiceBalance({ totalSatang: 1_000_00, payments: [paid(600_00)], creditNotes: [{ amountSatang: 300_00 }, { amountSatang: 99_99 }] }).dueSatang).toBe(1);
    expect(invoiceBalance({ totalSatang: 1_000_00, payments: [paid(1_000_00), paid(1_000_00, 0, 'refunded')], creditNotes: [] })).toEqual({ paidSatang: 2_000_00, creditedSatang: 0, dueSatang: 0 });
  });
});

describe('document numbers', () => {
  it('six digits in the Bangkok year of issue', () => {
    expect(formatDocumentNumber('INV', 2026, 123)).toBe('INV-2026-000123');
    expect(formatDocumentNumber('CN', 2027, 1_234_567)).toBe('CN-2027-1234567');
    // 17:00 UTC on 31 December is midnight of 1 January in Bangkok.
    expect(documentYear(new Date('2026-12-31T16:59:59.999Z'))).toBe(2026);
    expect(documentYear(new Date('2026-12-31T17:00:00.000Z'))).toBe(2027);
  });
});
