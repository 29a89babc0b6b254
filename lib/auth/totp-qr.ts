import 'server-only';
import QRCode from 'qrcode';

/**
 * The two-factor set-up address as a QR code for an authenticator app, drawn on the server as an SVG with the same
 * library as the PromptPay QR (lib/payments/promptpay-qr.ts): no script, and the secret goes to no third party.
 */
export async function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}
