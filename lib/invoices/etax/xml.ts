// The ETDA e-Tax XML of a business customer's documents (docs/product-rules.md#thai-money, "e-Tax Invoice by Email"): the
// TaxInvoice, Receipt and DebitCreditNote CrossIndustryInvoice schemas of the ETDA standard ขมธอ. 3-2560 (v2.1, schema
// files vendored in ./schema). Pure: built from the same documents as the pages and the PDFs, so they never disagree.
import type { InvoiceDocument } from '../document';
import type { CreditNoteDocument } from '../credit-note-document';
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

type Schema = 'TaxInvoice' | 'Receipt' | 'DebitCreditNote';

function envelope(schema: Schema, exchangedDocument: string, transaction: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<rsm:${schema}_CrossIndustryInvoice xmlns:ram="urn:etda:uncefact:data:standard:${schema}_ReusableAggregateBusinessInformationEntity:2" xmlns:rsm="urn:etda:uncefact:data:standard:${schema}_CrossIndustryInvoice:2">` +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID schemeAgencyID="ETDA" schemeVersionID="v2.1">${GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    `<rsm:ExchangedDocument>${exchangedDocument}</rsm:ExchangedDocument>` +
    `<rsm:SupplyChainTradeTransaction>${transaction}</rsm:SupplyChainTradeTransaction></rsm:${schema}_CrossIndustryInvoice>`
  );
}

/** The document an e-Tax document refers to (a receipt to its tax invoice, a credit note to the invoice it corrects). */
const referenced = (r: { number: string; issuedAt: Date; typeCode: string }) =>
  `<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>${esc(r.number)}</ram:IssuerAssignedID><ram:IssueDateTime>${bangkokDateTime(r.issuedAt)}</ram:IssueDateTime><ram:ReferenceTypeCode>${r.typeCode}</ram:ReferenceTypeCode></ram:AdditionalReferencedDocument>`;

/** Lines, allowances and header totals of an invoice's goods and services (the same in a tax invoice and its receipt). */
function invoiceBody(doc: InvoiceDocument) {
  const nets = netItems(doc);
  // The schema takes no negative line: discounts are allowances on the whole document (ChargeIndicator false).
  const charged = doc.items.map((l, i) => ({ l, net: nets[i] })).filter(({ l }) => l.amountSatang >= 0);
  const discounts = doc.items.map((l, i) => ({ l, net: nets[i] })).filter(({ l }) => l.amountSatang < 0);
  const lines = charged
    .map(({ l, net }, i) => line(i + 1, l.description, l.unitSatang, l.quantity, l.kind === 'deposit' ? 0 : VAT_RATE, net, l.kind === 'deposit' ? 0 : l.amountSatang - net, l.amountSatang))
    .join('');
  const lineTotal = charged.reduce((a, c) => a + c.net, 0);
  const allowanceTotal = -discounts.reduce((a, d) => a + d.net, 0);
  const allowances = discounts
    .map(({ l, net }) => `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator>false</ram:ChargeIndicator><ram:ActualAmount>${baht(-net)}</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>${esc(l.description)}</ram:Reason></ram:SpecifiedTradeAllowanceCharge>`)
    .join('');
  const settlement =
    `<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode listID="ISO 4217 3A">THB</ram:InvoiceCurrencyCode>` +
    `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CalculatedRate>${VAT_RATE}</ram:CalculatedRate><ram:BasisAmount>${baht(doc.valueExVat)}</ram:BasisAmount><ram:CalculatedAmount>${baht(doc.vatSatang)}</ram:CalculatedAmount></ram:ApplicableTradeTax>` +
    allowances +
    (doc.dueAt ? `<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime>${bangkokDateTime(doc.dueAt)}</ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>` : '') +
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${baht(lineTotal)}</ram:LineTotalAmount>${allowanceTotal ? `<ram:AllowanceTotalAmount>${baht(allowanceTotal)}</ram:AllowanceTotalAmount>` : ''}<ram:TaxBasisTotalAmount>${baht(lineTotal - allowanceTotal)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount>${baht(doc.vatSatang)}</ram:TaxTotalAmount><ram:GrandTotalAmount>${baht(doc.valueInclVat)}</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    `</ram:ApplicableHeaderTradeSettlement>`;
  return { lines, settlement };
}

function line(n: number, name: string, unitSatang: number, quantity: number, rate: number, net: number, vat: number, gross: number): string {
  return `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${n}</ram:LineID></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>${esc(name)}</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeAgreement><ram:GrossPriceProductTradePrice><ram:ChargeAmount>${baht(unitSatang)}</ram:ChargeAmount></ram:GrossPriceProductTradePrice></ram:SpecifiedLineTradeAgreement><ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="EA">${quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery><ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CalculatedRate>${rate}</ram:CalculatedRate><ram:BasisAmount>${baht(net)}</ram:BasisAmount><ram:CalculatedAmount>${baht(vat)}</ram:CalculatedAmount></ram:ApplicableTradeTax><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:TaxTotalAmount>${baht(vat)}</ram:TaxTotalAmount><ram:NetLineTotalAmount currencyID="THB">${baht(net)}</ram:NetLineTotalAmount><ram:NetIncludingTaxesLineTotalAmount currencyID="THB">${baht(gross)}</ram:NetIncludingTaxesLineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`;
}

const partiesOf = (doc: Pick<InvoiceDocument, 'seller'> & { buyer: NonNullable<InvoiceDocument['buyer']> }) =>
  party('SellerTradeParty', { name: doc.seller.legalNameTh, address: doc.seller.addressTh, taxId: doc.seller.taxId, branch: doc.seller.branch }) + party('BuyerTradeParty', doc.buyer);

const withholdingNote = (doc: InvoiceDocument) =>
  // The buyer's 5% withholding is not part of the document's value: it is said, not deducted, here.
  doc.withholding ? `<ram:IncludedNote><ram:Subject>Withholding tax deducted by the buyer ${baht(doc.withholding)} THB; net to pay ${baht(doc.netToPay)} THB</ram:Subject></ram:IncludedNote>` : '';

/** The e-Tax XML (UTF-8 text) of a business customer's tax invoice (388), or of the receipt/tax invoice (T03) once paid. */
export function taxInvoiceXml(doc: InvoiceDocument, opts: { createdAt: Date }): string {
  if (!doc.isTaxInvoice || !doc.buyer) throw new Error('only tax invoices have an e-Tax XML');
  const type = doc.title === 'tax_invoice_receipt' ? ETAX_TYPE.tax_invoice_receipt : ETAX_TYPE.tax_invoice;
  const { lines, settlement } = invoiceBody(doc);
  const notes = `<ram:IncludedNote><ram:Subject>Booking ${esc(doc.reference)}</ram:Subject></ram:IncludedNote>${withholdingNote(doc)}`;
  return envelope(
    'TaxInvoice',
    `<ram:ID>${esc(doc.number)}</ram:ID><ram:Name>${NAME[type]}</ram:Name><ram:TypeCode>${type}</ram:TypeCode><ram:IssueDateTime>${bangkokDateTime(doc.issuedAt)}</ram:IssueDateTime><ram:CreationDateTime>${bangkokDateTime(opts.createdAt)}</ram:CreationDateTime>${notes}`,
    `<ram:ApplicableHeaderTradeAgreement>${partiesOf({ ...doc, buyer: doc.buyer })}</ram:ApplicableHeaderTradeAgreement><ram:ApplicableHeaderTradeDelivery/>${settlement}${lines}`,
  );
}

/** 'INV-2026-000042' → 'RC-2026-000042': the receipt of an invoice whose tax invoice went first (one per invoice). */
export const receiptNumberOf = (invoiceNumber: string) => invoiceNumber.replace(/^[A-Z]+-/, 'RC-');

/**
 * The e-Tax XML of the receipt (T01, Receipt schema) for a paid invoice whose tax invoice (388) was already sent: the
 * tax point was that tax invoice, so the payment gets a receipt that refers to it, never a second tax invoice.
 */
export function receiptXml(doc: InvoiceDocument, opts: { createdAt: Date }): string {
  if (!doc.isTaxInvoice || !doc.buyer || doc.status !== 'paid' || !doc.paidAt) throw new Error('only a business customer’s paid invoice has an e-Receipt');
  const { lines, settlement } = invoiceBody(doc);
  const notes = `<ram:IncludedNote><ram:Subject>Booking ${esc(doc.reference)}; tax invoice ${esc(doc.number)}</ram:Subject></ram:IncludedNote>${withholdingNote(doc)}`;
  return envelope(
    'Receipt',
    `<ram:ID>${esc(receiptNumberOf(doc.number))}</ram:ID><ram:Name>${NAME[ETAX_TYPE.receipt]}</ram:Name><ram:TypeCode>${ETAX_TYPE.receipt}</ram:TypeCode><ram:IssueDateTime>${bangkokDateTime(doc.paidAt)}</ram:IssueDateTime><ram:CreationDateTime>${bangkokDateTime(opts.createdAt)}</ram:CreationDateTime>${notes}`,
    `<ram:ApplicableHeaderTradeAgreement>${partiesOf({ ...doc, buyer: doc.buyer })}${referenced({ number: doc.number, issuedAt: doc.issuedAt, typeCode: ETAX_TYPE.tax_invoice })}</ram:ApplicableHeaderTradeAgreement><ram:ApplicableHeaderTradeDelivery/>${settlement}${lines}`,
  );
}

/**
 * Purpose codes of a credit note (ETDA code list Thai_MessageFunctionCode, services): CDNS04 money returned (a refund,
 * a deposit back), CDNS99 another reason, written in Purpose.
 */
export const CREDIT_PURPOSE = { refund: 'CDNS04', other: 'CDNS99' } as const;

/**
 * The e-Tax XML of a business customer's credit note (81, DebitCreditNote schema), with what s.86/10 asks for: the
 * invoice it corrects (number, date), the reason, the original and the correct value, the difference and its VAT.
 */
export function creditNoteXml(note: CreditNoteDocument, opts: { createdAt: Date; refund: boolean }): string {
  if (!note.isTaxDocument || !note.buyer) throw new Error('only a business customer’s credit note has an e-Tax XML');
  const rate = note.differenceVat > 0 ? VAT_RATE : 0;
  const purposeCode = opts.refund ? CREDIT_PURPOSE.refund : CREDIT_PURPOSE.other;
  const settlement =
    `<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode listID="ISO 4217 3A">THB</ram:InvoiceCurrencyCode>` +
    `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CalculatedRate>${rate}</ram:CalculatedRate><ram:BasisAmount>${baht(note.difference)}</ram:BasisAmount><ram:CalculatedAmount>${baht(note.differenceVat)}</ram:CalculatedAmount></ram:ApplicableTradeTax>` +
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:OriginalInformationAmount>${baht(note.originalValue)}</ram:OriginalInformationAmount><ram:LineTotalAmount>${baht(note.difference)}</ram:LineTotalAmount><ram:DifferenceInformationAmount>${baht(note.difference)}</ram:DifferenceInformationAmount><ram:TaxBasisTotalAmount>${baht(note.difference)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount>${baht(note.differenceVat)}</ram:TaxTotalAmount><ram:GrandTotalAmount>${baht(note.totalCredited)}</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    `</ram:ApplicableHeaderTradeSettlement>`;
  return envelope(
    'DebitCreditNote',
    `<ram:ID>${esc(note.number)}</ram:ID><ram:Name>${NAME[ETAX_TYPE.credit_note]}</ram:Name><ram:TypeCode>${ETAX_TYPE.credit_note}</ram:TypeCode><ram:IssueDateTime>${bangkokDateTime(note.issuedAt)}</ram:IssueDateTime><ram:Purpose>${esc(note.reason.slice(0, 256))}</ram:Purpose><ram:PurposeCode>${purposeCode}</ram:PurposeCode><ram:CreationDateTime>${bangkokDateTime(opts.createdAt)}</ram:CreationDateTime><ram:IncludedNote><ram:Subject>Booking ${esc(note.invoice.reference)}</ram:Subject></ram:IncludedNote>`,
    `<ram:ApplicableHeaderTradeAgreement>${partiesOf({ seller: note.seller, buyer: note.buyer })}${referenced({ number: note.invoice.number, issuedAt: note.invoice.issuedAt, typeCode: ETAX_TYPE.tax_invoice })}</ram:ApplicableHeaderTradeAgreement><ram:ApplicableHeaderTradeDelivery/>${settlement}` +
      line(1, note.reason.slice(0, 256), note.difference, 1, rate, note.difference, note.differenceVat, note.totalCredited),
  );
}
