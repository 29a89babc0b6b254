import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { generate } from 'promptparse';
import { bankSlip, reencodedCopy } from '@/test/fixtures/slips';
import { PNG_1PX } from '@/test/fixtures/files';
import { bankName, parseSlipQr, readSlipQr } from './slip-qr';

describe('slips read by their own QR (docs/product-rules.md#thai-money)', () => {
  it('reads the sending bank and transaction reference from a slip picture', async () => {
    const slip = await bankSlip({ sendingBank: '014' });
    const read = await readSlipQr(slip.png, 'image/png');
    expect(read).toEqual({ sendingBank: '014', transRef: slip.transRef, payload: slip.payload });
    expect(bankName(read!.sendingBank)).toBe('Siam Commercial Bank');
  });

  it('recognises a re-encoded, resized copy of the slip as the same transaction, though its bytes differ', async () => {
    const slip = await bankSlip();
    const copy = await reencodedCopy(slip.png, 0.6);
    expect(crypto.createHash('sha256').update(copy).digest('hex')).not.toBe(crypto.createHash('sha256').update(slip.png).digest('hex'));
    const read = await readSlipQr(copy, 'image/jpeg');
    expect(read?.transRef).toBe(slip.transRef);
    expect(read?.sendingBank).toBe('004');
    // A large phone screenshot scaled up is read too.
    const big = await bankSlip({ width: 1440 });
    expect((await readSlipQr(await reencodedCopy(big.png, 1.5), 'image/jpeg'))?.transRef).toBe(big.transRef);
  });

  it('finds nothing in a picture without a slip QR, in a PDF, or in another kind of QR', async () => {
    expect(await readSlipQr(PNG_1PX, 'image/png')).toBeNull();
    expect(await readSlipQr(Buffer.from('%PDF-1.4'), 'application/pdf')).toBeNull();
    expect(parseSlipQr(generate.anyId({ type: 'MSISDN', target: '0812345678', amount: 100 }))).toBeNull();
    expect(parseSlipQr('https://example.com/')).toBeNull();
    const payload = generate.slipVerify({ sendingBank: '002', transRef: '0123456789ABCDEF' });
    expect(parseSlipQr(payload)?.transRef).toBe('0123456789ABCDEF');
    // A damaged checksum is not a slip.
    expect(parseSlipQr(payload.slice(0, -4) + '0000')).toBeNull();
  });
});
