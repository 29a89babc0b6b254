import { describe, expect, it } from 'vitest';
import { invoiceDocument } from '../document';
import { creditNoteXml, receiptXml, taxInvoiceXml } from './xml';
import { creditNoteDocument } from '../credit-note-document';
import { validateEtaxXml } from '@/test/etax-xsd';

import { creditNoteInput, input } from './xml.test-fixture';

describe('e-Tax Invoice XML (ETDA ขมธอ. 3-2560, docs/product-rules.md#thai-money)', () => {
  it('a business tax invoice validates against the ETDA TaxInvoice schema, with its type code and totals', async () => {
    const xml = taxInvoiceXml(invoiceDocument(input), { createdAt: new Date('2026-11-22T05:00:01Z') });
    const result = await validateEtaxXml(xml, 'taxInvoice');
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(xml).toContain('<ram:TypeCode>388</ram:TypeCode>');
    expect(xml).toContain('<ram:ID>INV-2026-000042</ram:ID>');
    expect(xml).toContain('<ram:IssueDateTime>2026-11-22T12:00:00</ram:IssueDateTime>'); // Bangkok time
    expect(xml).toContain('<ram:ID schemeID="TXID">010556101234500001</ram:ID>'); // tax ID + branch
    expect(xml).toContain('Andaman Trading Co., Ltd. &amp; Sons');
    // Value of goods and services 66,478 incl. VAT 4,349: tax base 62,129 (deposit 7,100 outside VAT, counted at 0%).
    expect(xml).toContain('<ram:TaxTotalAmount>4349.00</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:GrandTotalAmount>73578.00</ram:GrandTotalAmount>');
    // The lines' values before VAT add up to the header's; discounts are allowances; base + VAT = grand total.
    const amount = (re: RegExp) => [...xml.matchAll(re)].map((m) => Math.round(Number(m[1]) * 100));
    const lineTotal = amount(/<ram:LineTotalAmount>([\d.]+)</g)[0];
    expect(amount(/<ram:NetLineTotalAmount currencyID="THB">([\d.]+)</g).reduce((a, n) => a + n, 0)).toBe(lineTotal);
    expect(amount(/<ram:AllowanceTotalAmount>([\d.]+)</g)[0]).toBe(amount(/<ram:ActualAmount>([\d.]+)</g).reduce((a, n) => a + n, 0));
    expect(amount(/<ram:TaxBasisTotalAmount>([\d.]+)</g)[0] + 4_349_00).toBe(73_578_00);
  });

  it('once paid it is a receipt/tax invoice (T03); a changed schema type code would not validate', async () => {
    const xml = taxInvoiceXml(invoiceDocument({ ...input, status: 'paid', paidAt: new Date('2026-11-23T05:00:00Z') }), { createdAt: new Date('2026-11-23T05:00:00Z') });
    expect(xml).toContain('<ram:TypeCode>T03</ram:TypeCode>');
    expect((await validateEtaxXml(xml, 'taxInvoice')).valid).toBe(true);
    expect((await validateEtaxXml(xml.replace('<ram:TypeCode>T03</ram:TypeCode>', '<ram:TypeCode>999</ram:TypeCode>'), 'taxInvoice')).valid).toBe(false);
  });

  it('the receipt of a paid invoice whose tax invoice went first is a T01 in the Receipt schema, referring to the 388', async () => {
    const paid = invoiceDocument({ ...input, status: 'paid', paidAt: new Date('2026-11-23T05:00:00Z') });
    const xml = receiptXml(paid, { createdAt: new Date('2026-11-23T05:01:00Z') });
    const result = await validateEtaxXml(xml, 'receipt');
    expect(result.errors).toEqual([]);
    expect(xml).toContain('<ram:TypeCode>T01</ram:TypeCode>');
    expect(xml).toContain('<ram:ID>RC-2026-000042</ram:ID>');
    expect(xml).toContain('<ram:IssueDateTime>2026-11-23T12:00:00</ram:IssueDateTime>'); // paid, Bangkok time
    expect(xml).toMatch(/<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>INV-2026-000042<\/ram:IssuerAssignedID>.*<ram:ReferenceTypeCode>388<\/ram:ReferenceTypeCode>/);
    expect(xml).toContain('<ram:GrandTotalAmount>73578.00</ram:GrandTotalAmount>');
    // A tax invoice's code is not a receipt's: the Receipt schema's document must say T01.
    expect(() => receiptXml(invoiceDocument(input), { createdAt: new Date() })).toThrow();
  });

  it('a business credit note is an 81 in the DebitCreditNote schema with the corrected invoice, reason and amounts', async () => {
    const note = creditNoteDocument(creditNoteInput);
    const xml = creditNoteXml(note, { createdAt: new Date('2026-11-25T05:00:00Z'), refund: false });
    const result = await validateEtaxXml(xml, 'creditNote');
    expect(result.errors).toEqual([]);
    expect(xml).toContain('<ram:TypeCode>81</ram:TypeCode>');
    expect(xml).toContain('<ram:PurposeCode>CDNS99</ram:PurposeCode>');
    expect(xml).toContain('<ram:Purpose>Unit moved: price difference</ram:Purpose>');
    expect(xml).toMatch(/<ram:IssuerAssignedID>INV-2026-000042<\/ram:IssuerAssignedID><ram:IssueDateTime>2026-11-22T12:00:00<\/ram:IssueDateTime>/);
    // 1,070 credited = 1,000 before VAT + 70 VAT; the invoice stood at 62,129 before VAT.
    expect(xml).toContain('<ram:OriginalInformationAmount>62129.00</ram:OriginalInformationAmount>');
    expect(xml).toContain('<ram:DifferenceInformationAmount>1000.00</ram:DifferenceInformationAmount>');
    expect(xml).toContain('<ram:TaxTotalAmount>70.00</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:GrandTotalAmount>1070.00</ram:GrandTotalAmount>');
    const refund = creditNoteXml(note, { createdAt: new Date(), refund: true });
    expect(refund).toContain('<ram:PurposeCode>CDNS04</ram:PurposeCode>');
    expect((await validateEtaxXml(refund, 'creditNote')).valid).toBe(true);
    // The same XML against the tax invoice schema fails: the schemas are really checked.
    expect((await validateEtaxXml(xml, 'taxInvoice')).valid).toBe(false);
  });

  it('individuals get no tax invoice XML', () => {
    expect(() => taxInvoiceXml(invoiceDocument({ ...input, buyer: { ...input.buyer!, type: 'individual', taxId: null, branch: null } }), { createdAt: new Date() })).toThrow();
  });
});
