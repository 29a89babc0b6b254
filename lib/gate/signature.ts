// The gate controller's request signature (docs/product-rules.md#identity-and-gate-access). Pure: shared by the
// pusher and the fake gate server of the tests.
import crypto from 'node:crypto';

/** How old a signed request may be when it arrives (replays after that are refused). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<body>">` under the shared secret. */
export function signGateRequest(secret: string, timestamp: number, body: string): string {
  return `v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function verifyGateSignature(secret: string, timestamp: string | null, signature: string | null, body: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const ts = Number(timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowSeconds - ts) > SIGNATURE_TOLERANCE_SECONDS || !signature) return false;
  const expected = Buffer.from(signGateRequest(secret, ts, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
