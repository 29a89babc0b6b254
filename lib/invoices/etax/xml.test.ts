import { describe, expect, it } from 'vitest';
import { invoiceDocument, type InvoiceDocumentInput } from '../document';
import { defaultSetting } from '@/lib/settings';
import { taxInvoiceXml } from './xml';
import { validateEtaxXml } from '@/test/etax-xsd';

// Worked example 2 of the pricing rules (a business, unit l, 12 months, promo, bank transfer): lines as issued.
const input: InvoiceDocumentInput = {
  number: 'INV-2026-000042',
  kind: 'initial',
  status: 'open',
  issuedAt: new Date('2026-11-22T05:00:00Z'),
  dueAt: new Date('2026-11-24T05:00:00Z'),
  paidAt: null,
  totalSatang: 70_532_00,
  vatSatang: 4_349_00,
  seller: defaultSetting('seller'),
  buyer: { type: 'business', name: 'Andaman Trading Co., Ltd. & Sons', contactName: 'Somchai Jaidee', address: '99 Rat-U-Thit Road, Patong, Kathu, Phuket 83150', taxId: '0105561012345', branch: '00001', email: 'acc@andaman.example', locale: 'th' },
  reference: 'BF2-ABCDEFGH',
  lines: [
    { kind: 'rent', description: 'Rent, unit L, 12 months', quantity: 12, unitSatang: 7_100_00, amountSatang: 85_200_00, position: 0 },
    { kind: 'discount', description: 'Prepaid 12 months −15%', quantity: 1, unitSatang: -12_780_00, amountSatang: -12_780_00, position: 1 },
    { kind: 'discount', description: 'Promo code −10%', quantity: 1, unitSatang: -7_242_00, amountSatang: -7_242_00, position: 2 },
    { kind: 'product', description: 'Lock', quantity: 1, unitSatang: 350_00, amountSatang: 350_00, position: 3 },
    { kind: 'product', description: 'Medium boxes (10)', quantity: 2, unitSatang: 300_00, amountSatang: 600_00, position: 4 },
    { kind: 'fee', description: 'Setup fee', quantity: 1, unitSatang: 350_00, amountSatang: 350_00, position: 5 },
    { kind: 'deposit', description: 'Security deposit (refundable)', quantity: 1, unitSatang: 7_100_00, amountSatang: 7_100_00, position: 6 },
    { kind: 'withholding_tax', description: 'Withholding tax 5%', quantity: 1, unitSatang: -3_046_00, amountSatang: -3_046_00, position: 7 },
  ],
  creditNotes: [],
  withholdingCertificate: null,
};

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

  it('individuals get no tax invoice XML', () => {
    expect(() => taxInvoiceXml(invoiceDocument({ ...input, buyer: { ...input.buyer!, type: 'individual', taxId: null, branch: null } }), { createdAt: new Date() })).toThrow();
  });
});
