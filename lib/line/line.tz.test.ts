import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signLineBody, verifyLineSignature } from './signature';
import { lineText } from './texts';

const SECRET = 'line-channel-secret-for-tests';

describe('LINE webhook signature', () => {
  const body = '{"destination":"U1","events":[]}';
  it('accepts the base64 HMAC-SHA256 of the exact body with the channel secret', () => {
    // As LINE computes it: HMAC-SHA256 over the bytes, base64.
    const sig = crypto.createHmac('sha256', SECRET).update(Buffer.from(body)).digest('base64');
    expect(signLineBody(SECRET, body)).toBe(sig);
    expect(verifyLineSignature(SECRET, body, sig)).toBe(true);
  });
  it('refuses another body, another secret, a missing or mangled signature', () => {
    const sig = signLineBody(SECRET, body);
    expect(verifyLineSignature(SECRET, `${body} `, sig)).toBe(false);
    expect(verifyLineSignature('another-secret', body, sig)).toBe(false);
    expect(verifyLineSignature(SECRET, body, null)).toBe(false);
    expect(verifyLineSignature(SECRET, body, '')).toBe(false);
    expect(verifyLineSignature(SECRET, body, sig.slice(0, -2))).toBe(false);
    expect(verifyLineSignature('', body, signLineBody('', body))).toBe(false);
  });
});

describe('LINE message texts', () => {
  it('a receipt names the amount in baht, the invoice, the booking and the receipt link, in each language', () => {
    const m = { kind: 'receipt', amountSatang: 1_234_500, number: 'INV-2026-000123', reference: 'BF2-ABCD2345', url: 'https://example.test/invoices/x' } as const;
    const en = lineText('en', m);
    expect(en).toContain('payment received');
    expect(en).toMatch(/12,345/);
    for (const part of ['INV-2026-000123', 'BF2-ABCD2345', 'https://example.test/invoices/x']) expect(en).toContain(part);
    expect(lineText('th', m)).toContain('ได้รับชำระเงินแล้ว');
    expect(lineText('ru', m)).toContain('оплата получена');
  });
  it('a reminder gives the due date in the customer language', () => {
    const m = { kind: 'reminder', amountSatang: 250_000, number: 'INV-1', dueDate: '2026-12-05', url: 'https://example.test/pay' } as const;
    expect(lineText('en', m)).toContain('5 December 2026');
    expect(lineText('th', m)).toMatch(/ธันวาคม/);
    expect(lineText('ru', m)).toMatch(/декабря/);
    expect(lineText('en', m)).toContain('https://example.test/pay');
  });
  it('the PIN message carries the PIN and the unit when one is assigned', () => {
    expect(lineText('en', { kind: 'gate_pin', pin: '583920', reference: 'BF2-ABCD2345', unit: 'M12' })).toContain('unit M12 (booking BF2-ABCD2345) is 583920');
    expect(lineText('en', { kind: 'gate_pin', pin: '583920', reference: 'BF2-ABCD2345', unit: null })).toContain('booking BF2-ABCD2345 is 583920');
    expect(lineText('th', { kind: 'gate_pin', pin: '583920', reference: 'BF2-ABCD2345', unit: 'M12' })).toContain('583920');
  });
  it('the link answers differ for a good and a bad code', () => {
    expect(lineText('th', { kind: 'linked' })).toContain('เชื่อมต่อ');
    expect(lineText('ru', { kind: 'bad_code' })).toContain('Подключить LINE');
  });
});
