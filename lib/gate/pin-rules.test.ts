import { describe, expect, it } from 'vitest';
import { isTrivialPin, randomPin } from './pin-rules';
import { signGateRequest, verifyGateSignature } from './signature';

describe('gate PINs the site hands out', () => {
  it('refuses PINs anyone would try first', () => {
    for (const pin of ['1234', '1111', '1212', '123456', '654321', '000000', '121212', '123123', '890123', '112211', '4321', 'abcd', '12']) {
      expect(isTrivialPin(pin), pin).toBe(true);
    }
  });

  it('accepts PINs without a pattern', () => {
    for (const pin of ['4821', '507396', '918273', '264805']) expect(isTrivialPin(pin), pin).toBe(false);
  });

  it('generates six-digit PINs that are never trivial, even from a random source that keeps offering a run', () => {
    let n = 0;
    // 1,2,3,4,5,6 first (a run), then digits that make 5,0,7,3,9,6
    const seq = [1, 2, 3, 4, 5, 6, 5, 0, 7, 3, 9, 6];
    expect(randomPin(() => seq[n++ % seq.length])).toBe('507396');
    for (let i = 0; i < 200; i++) {
      const pin = randomPin();
      expect(pin).toMatch(/^\d{6}$/);
      expect(isTrivialPin(pin)).toBe(false);
    }
  });
});

describe('the gate controller signature', () => {
  const secret = 'gate-secret-0123456789';
  const body = JSON.stringify({ id: 'c1', action: 'suspend' });

  it('verifies what was signed, within five minutes', () => {
    const ts = 1_800_000_000;
    const sig = signGateRequest(secret, ts, body);
    expect(verifyGateSignature(secret, String(ts), sig, body, ts + 60)).toBe(true);
    expect(verifyGateSignature(secret, String(ts), sig, body, ts + 301)).toBe(false);
    expect(verifyGateSignature(secret, String(ts), sig, body.replace('suspend', 'restore'), ts)).toBe(false);
    expect(verifyGateSignature('another-secret-0123456', String(ts), sig, body, ts)).toBe(false);
    expect(verifyGateSignature(secret, null, sig, body, ts)).toBe(false);
  });
});
