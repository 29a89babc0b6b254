import crypto from 'node:crypto';

/**
 * LINE signs every webhook body: X-Line-Signature is the base64 HMAC-SHA256 of the exact bytes with the channel secret
 * (docs/product-rules.md#line-messages). Compared in constant time; anything missing or malformed is refused.
 */
export function signLineBody(secret: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

export function verifyLineSignature(secret: string, body: string, signature: string | null | undefined): boolean {
  if (!secret || !signature) return false;
  const expected = Buffer.from(signLineBody(secret, body), 'utf8');
  const given = Buffer.from(signature.trim(), 'utf8');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
