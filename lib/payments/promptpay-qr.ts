import 'server-only';
import generatePayload from 'promptpay-qr';
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

/** The QR drawn on the server as an SVG: no script, nothing sent to a third party. */
export async function promptPayQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}
