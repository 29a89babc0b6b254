import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { parse } from 'promptparse';
import { invoiceBillReference, invoiceNumberFromReference, invoiceQr, promptPayQrSvg, readPromptPayBillPayload } from './promptpay-qr';

const BILLER = '010556101234501'; // a 13-digit tax ID and the bank's 2-digit suffix

/** What a banking app does: the QR as drawn on the invoice page, rasterised, scanned back to its text. */
async function scan(svg: string): Promise<string> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 }).flatten({ background: '#fff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  if (!code) throw new Error('no QR found');
  return code.data;
}

describe('PromptPay QR per invoice (docs/product-rules.md#thai-money)', () => {
  it('with a biller ID: a bill-payment QR (tag 30) that scans back to the biller, the invoice number and the amount', async () => {
    const qr = invoiceQr({ id: '0835561012340', billerId: BILLER }, { number: 'INV-2026-000123', amountSatang: 1_234_550 });
    expect(qr?.kind).toBe('bill_payment');
    const scanned = await scan(await promptPayQrSvg(qr!.payload));
    expect(scanned).toBe(qr!.payload);
    expect(readPromptPayBillPayload(scanned)).toEqual({ billerId: BILLER, reference: 'INV2026000123', amountSatang: 1_234_550 });
    expect(invoiceNumberFromReference('INV2026000123')).toBe('INV-2026-000123');
    const tags = parse(scanned, true, true)!;
    expect(tags.getTagValue('01')).toBe('12'); // dynamic: for this one payment
    expect(tags.getTagValue('30', '00')).toBe('A000000677010112'); // the PromptPay bill-payment application
    expect(tags.getTagValue('53')).toBe('764'); // baht
    expect(tags.getTagValue('54')).toBe('12345.50');
    expect(tags.validate('63')).toBe(true); // CRC-16 over the payload
  });

  it('without a biller ID: today\'s transfer QR to the PromptPay ID with the amount, and no bill reference', async () => {
    const qr = invoiceQr({ id: '0835561012340', billerId: '' }, { number: 'INV-2026-000123', amountSatang: 270_000 });
    expect(qr?.kind).toBe('transfer');
    const scanned = await scan(await promptPayQrSvg(qr!.payload));
    expect(readPromptPayBillPayload(scanned)).toBeNull();
    const tags = parse(scanned, true, true)!;
    expect(tags.getTagValue('29', '02')).toBe('0835561012340');
    expect(tags.getTagValue('54')).toBe('2700.00');
    expect(invoiceQr({ id: '', billerId: '' }, { number: 'INV-2026-000123', amountSatang: 270_000 })).toBeNull();
  });

  it('a reference is the invoice number in bank characters, and never a wrong amount', () => {
    expect(invoiceBillReference('inv-2026-000001')).toBe('INV2026000001');
    expect(invoiceNumberFromReference('BF2ABCDEFGH')).toBeNull();
    expect(() => invoiceQr({ id: '', billerId: BILLER }, { number: 'INV-2026-000001', amountSatang: 0 })).toThrow(RangeError);
    expect(() => invoiceQr({ id: '', billerId: BILLER }, { number: 'INV-2026-000001', amountSatang: 10.5 })).toThrow(RangeError);
  });
});
