// The ETDA e-Tax Invoice XML of an invoice (docs/product-rules.md#thai-money, "e-Tax Invoice by Email"): the
// TaxInvoice_CrossIndustryInvoice schema of the ETDA standard ขมธอ. 3-2560 (v2.1, schema files vendored in ./schema).
// Pure: built from the same InvoiceDocument as the page and the PDF, so the three never disagree.
import type { InvoiceDocument } from '../document';
import { PLAIN_AMOUNT, formatTHB } from '@/lib/format/money';

/**
 * Document type codes of the standard (ThaiDocumentNameCode_Invoice): 388 tax invoice (ใบกำกับภาษี), T03 receipt/tax
 * invoice (ใบเสร็จรับเงิน/ใบกำกับภาษี), 81 credit note (ใบลดหนี้), T01 receipt (ใบรับ/ใบเสร็จรับเงิน).
 */
export const ETAX_TYPE = { tax_invoice: '388', tax_invoice_receipt: 'T03', credit_note: '81', receipt: 'T01' } as const;
const NAME: Record<string, string> = { '388': 'ใบกำกับภาษี', T03: 'ใบเสร็จรับเงิน/ใบกำกับภาษี', '81': 'ใบลดหนี้', T01: 'ใบเสร็จรับเงิน' };
/** The guideline the XML follows: the standard's own identifier, as in its examples. */
const GUIDELINE = 'ER3-2560';
const VAT_RATE = 7;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const baht = (satang: number) => formatTHB(satang, 'en', PLAIN_AMOUNT);
/** Bangkok wall-clock time, as the standard's examples write it (no zone). */
function bangkokDateTime(d: Date): string {
  const t = new Date(d.getTime() + 7 * 3_600_000).toISOString();
  return t.slice(0, 19);
}
const postcode = (address: string) => /\b(\d{5})\b(?!.*\b\d{5}\b)/.exec(address)?.[1];

function party(tag: 'SellerTradeParty' | 'BuyerTradeParty', p: { name: string; address: string; taxId: string | null; branch: string | null }): string {
  // A company: its 13-digit tax ID and 5-digit branch (TXID, 18 digits); anyone else: no tax ID (OTHR, N/A).
  const id = p.taxId && /^\d{13}$/.test(p.taxId) ? `<ram:ID schemeID="TXID">${p.taxId}${p.branch && /^\d{5}$/.test(p.branch) ? p.branch : '00000'}</ram:ID>` : '<ram:ID schemeID="OTHR">N/A</ram:ID>';
  const pc = postcode(p.address);
  return `<ram:${tag}><ram:Name>${esc(p.name)}</ram:Name><ram:SpecifiedTaxRegistration>${id}</ram:SpecifiedTaxRegistration><ram:PostalTradeAddress>${pc ? `<ram:PostcodeCode>${pc}</ram:PostcodeCode>` : ''}<ram:LineOne>${esc(p.address.slice(0, 256))}</ram:LineOne><ram:CountryID schemeID="3166-1 alpha-2">TH</ram:CountryID></ram:PostalTradeAddress></ram:${tag}>`;
}

/**
 * Each item's value before VAT: 100/107 of its VAT-inclusive amount (the deposit is outside VAT), the rounding left on
 * the last charged line so that charges less discounts add up to the document's tax base.
 */
function netItems(doc: InvoiceDocument): number[] {
  const vatable = doc.items.map((l) => l.kind !== 'deposit');
  const nets = doc.items.map((l, i) => (vatable[i] ? Math.round((l.amountSatang * 100) / (100 + VAT_RATE)) : l.amountSatang));
  const last = doc.items.findLastIndex((l, i) => vatable[i] && l.amountSatang > 0);
  if (last >= 0) nets[last] += doc.valueExVat - nets.reduce((a, n, i) => a + (vatable[i] ? n : 0), 0);
  return nets;
}

/** The e-Tax XML (UTF-8 text) of a business customer's tax invoice, or of the tax invoice/receipt once paid. */
export function taxInvoiceXml(doc: InvoiceDocument, opts: { createdAt: Date }): string {
  if (!doc.isTaxInvoice || !doc.buyer) throw new Error('only tax invoices have an e-Tax XML');
  const type = doc.title === 'tax_invoice_receipt' ? ETAX_TYPE.tax_invoice_receipt : ETAX_TYPE.tax_invoice;
  const nets = netItems(doc);
  // The schema takes no negative line: discounts are allowances on the whole document (ChargeIndicator false).
  const charged = doc.items.map((l, i) => ({ l, net: nets[i] })).filter(({ l }) => l.amountSatang >= 0);
  const discounts = doc.items.map((l, i) => ({ l, net: nets[i] })).filter(({ l }) => l.amountSatang < 0);
  const lines = charged
    .map(({ l, net }, i) => {
      const vat = l.kind === 'deposit' ? 0 : l.amountSatang - net;
      return `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>${esc(l.description)}</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeAgreement><ram:GrossPriceProductTradePrice><ram:ChargeAmount>${baht(l.unitSatang)}</ram:ChargeAmount></ram:GrossPriceProductTradePrice></ram:SpecifiedLineTradeAgreement><ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="EA">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery><ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CalculatedRate>${l.kind === 'deposit' ? 0 : VAT_RATE}</ram:CalculatedRate><ram:BasisAmount>${baht(net)}</ram:BasisAmount><ram:CalculatedAmount>${baht(vat)}</ram:CalculatedAmount></ram:ApplicableTradeTax><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:TaxTotalAmount>${baht(vat)}</ram:TaxTotalAmount><ram:NetLineTotalAmount currencyID="THB">${baht(net)}</ram:NetLineTotalAmount><ram:NetIncludingTaxesLineTotalAmount currencyID="THB">${baht(l.amountSatang)}</ram:NetIncludingTaxesLineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`;
    })
    .join('');
  const lineTotal = charged.reduce((a, c) => a + c.net, 0);
  const allowanceTotal = -discounts.reduce((a, d) => a + d.net, 0);
  const allowances = discounts
    .map(({ l, net }) => `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator>false</ram:ChargeIndicator><ram:ActualAmount>${baht(-net)}</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>${esc(l.description)}</ram:Reason></ram:SpecifiedTradeAllowanceCharge>`)
    .join('');
  const notes = [
    `<ram:IncludedNote><ram:Subject>Booking ${esc(doc.reference)}</ram:Subject></ram:IncludedNote>`,
    // The buyer's 5% withholding is not part of the tax invoice's value: it is said, not deducted, here.
    doc.withholding ? `<ram:IncludedNote><ram:Subject>Withholding tax deducted by the buyer ${baht(doc.withholding)} THB; net to pay ${baht(doc.netToPay)} THB</ram:Subject></ram:IncludedNote>` : '',
  ].join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<rsm:TaxInvoice_CrossIndustryInvoice xmlns:ram="urn:etda:uncefact:data:standard:TaxInvoice_ReusableAggregateBusinessInformationEntity:2" xmlns:rsm="urn:etda:uncefact:data:standard:TaxInvoice_CrossIndustryInvoice:2">` +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID schemeAgencyID="ETDA" schemeVersionID="v2.1">${GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    `<rsm:ExchangedDocument><ram:ID>${esc(doc.number)}</ram:ID><ram:Name>${NAME[type]}</ram:Name><ram:TypeCode>${type}</ram:TypeCode><ram:IssueDateTime>${bangkokDateTime(doc.issuedAt)}</ram:IssueDateTime><ram:CreationDateTime>${bangkokDateTime(opts.createdAt)}</ram:CreationDateTime>${notes}</rsm:ExchangedDocument>` +
    `<rsm:SupplyChainTradeTransaction>` +
    `<ram:ApplicableHeaderTradeAgreement>${party('SellerTradeParty', { name: doc.seller.legalNameTh, address: doc.seller.addressTh, taxId: doc.seller.taxId, branch: doc.seller.branch })}${party('BuyerTradeParty', doc.buyer)}</ram:ApplicableHeaderTradeAgreement>` +
    `<ram:ApplicableHeaderTradeDelivery/>` +
    `<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode listID="ISO 4217 3A">THB</ram:InvoiceCurrencyCode>` +
    `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CalculatedRate>${VAT_RATE}</ram:CalculatedRate><ram:BasisAmount>${baht(doc.valueExVat)}</ram:BasisAmount><ram:CalculatedAmount>${baht(doc.vatSatang)}</ram:CalculatedAmount></ram:ApplicableTradeTax>` +
    allowances +
    (doc.dueAt ? `<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime>${bangkokDateTime(doc.dueAt)}</ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>` : '') +
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${baht(lineTotal)}</ram:LineTotalAmount>${allowanceTotal ? `<ram:AllowanceTotalAmount>${baht(allowanceTotal)}</ram:AllowanceTotalAmount>` : ''}<ram:TaxBasisTotalAmount>${baht(lineTotal - allowanceTotal)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount>${baht(doc.vatSatang)}</ram:TaxTotalAmount><ram:GrandTotalAmount>${baht(doc.valueInclVat)}</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    `</ram:ApplicableHeaderTradeSettlement>` +
    lines +
    `</rsm:SupplyChainTradeTransaction></rsm:TaxInvoice_CrossIndustryInvoice>`
  );
}
