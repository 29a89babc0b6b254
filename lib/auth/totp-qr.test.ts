import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { newTotpSecret, totpUri } from './totp';
import { totpQrSvg } from './totp-qr';

describe('the two-factor set-up QR code', () => {
  it('scans back to the set-up address with the secret, as an authenticator app reads it', async () => {
    const secret = newTotpSecret();
    const uri = totpUri(secret, 'staff@example.test');
    const svg = await totpQrSvg(uri);
    expect(svg.startsWith('<svg')).toBe(true);
    const { data, info } = await sharp(Buffer.from(svg), { density: 300 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const scanned = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(scanned?.data).toBe(uri);
    expect(scanned?.data).toContain(`secret=${secret}`);
  });
});
