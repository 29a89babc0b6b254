import 'server-only';
import generatePayload from 'promptpay-qr';
import { generate, validate } from 'promptparse';
import QRCode from 'qrcode';

/**
 * The EMVCo "Thai QR" payload of a PromptPay transfer to `promptPayId` (phone, tax ID or e-wallet) for exactly this
 * amount: any Thai banking app opens it with the amount filled in. Built by the maintained promptpay-qr library
 * (tags, CRC-16); the amount comes from our invoice.
 */
export function promptPayPayload(promptPayId: string, amountSatang: number): string {
  if (!Number.isSafeInteger(amountSatang) || amountSatang <= 0) throw new RangeError('PromptPay amount must be positive satang');
  return generatePayload(promptPayId, { amount: amountSatang / 100 });
}

/**
 * The bill-payment reference of an invoice (Ref1 of tag 30): its number in the characters every Thai bank accepts in a
 * reference (A–Z, 0–9, at most 20): 'INV-2026-000123' → 'INV2026000123' (docs/product-rules.md#thai-money).
 */
export function invoiceBillReference(invoiceNumber: string): string {
  const ref = invoiceNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!ref || ref.length > 20) throw new RangeError(`invoice number ${invoiceNumber} cannot be a bill-payment reference`);
  return ref;
}

/** The invoice number a bill-payment reference names ('INV2026000123' → 'INV-2026-000123'), or null. */
export function invoiceNumberFromReference(ref: string): string | null {
  const m = /^(INV|CN)(\d{4})(\d{6})$/.exec(ref.trim().toUpperCase());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/**
 * A PromptPay bill-payment payload (EMVCo tag 30, the Bank of Thailand's Thai QR standard) to the operator's biller ID
 * for this amount, with the invoice number as Ref1 so the bank statement names the invoice. Built by the maintained
 * promptparse library.
 */
export function promptPayBillPayload(billerId: string, invoiceNumber: string, amountSatang: number): string {
  if (!/^\d{15}$/.test(billerId)) throw new RangeError('PromptPay biller ID must be 15 digits');
  if (!Number.isSafeInteger(amountSatang) || amountSatang <= 0) throw new RangeError('PromptPay amount must be positive satang');
  return generate.billPayment({ billerId, ref1: invoiceBillReference(invoiceNumber), amount: amountSatang / 100 });
}

export type InvoiceQr = { kind: 'bill_payment'; payload: string; reference: string } | { kind: 'transfer'; payload: string };

/**
 * The QR of an invoice: a bill-payment QR carrying the invoice number where the operator has a biller ID, else
 * today's transfer QR to the PromptPay ID with the amount; null when neither is configured.
 */
export function invoiceQr(settings: { id: string; billerId?: string }, invoice: { number: string; amountSatang: number }): InvoiceQr | null {
  if (settings.billerId) {
    return { kind: 'bill_payment', payload: promptPayBillPayload(settings.billerId, invoice.number, invoice.amountSatang), reference: invoiceBillReference(invoice.number) };
  }
  if (settings.id) return { kind: 'transfer', payload: promptPayPayload(settings.id, invoice.amountSatang) };
  return null;
}

/** Reads a bill-payment payload back (CRC checked): biller ID, Ref1 and the amount in satang; null when it is not one. */
export function readPromptPayBillPayload(payload: string): { billerId: string; reference: string; amountSatang: number | null } | null {
  const bill = validate.billPayment(payload);
  if (!bill) return null;
  return { billerId: bill.billerId, reference: bill.ref1, amountSatang: bill.amount === undefined ? null : Math.round(bill.amount * 100) };
}

/** The QR drawn on the server as an SVG: no script, nothing sent to a third party. */
export async function promptPayQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}
