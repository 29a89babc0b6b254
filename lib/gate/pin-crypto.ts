import 'server-only';
import crypto from 'node:crypto';
import { env } from '@/lib/env';

/**
 * Gate PINs at rest (docs/product-rules.md#identity-and-gate-access): AES-256-GCM under GATE_PIN_KEY, a fresh IV per
 * PIN, stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). `npm start` and the production server always provide a key
 * (scripts/server/gate-pin-key.mjs); a fixed one is allowed only outside production (tests, `next dev`).
 */
/** 32 bytes from hex or base64(url), as scripts/server/gate-pin-key.mjs accepts them. */
function decodeGatePinKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return b.length === 32 ? b : null;
}

function key(): Buffer {
  const given = env().GATE_PIN_KEY;
  const decoded = given ? decodeGatePinKey(given) : null;
  if (decoded) return decoded;
  if (env().NODE_ENV === 'production') throw new Error('GATE_PIN_KEY (32 bytes, base64 or hex) is required in production');
  return crypto.createHash('sha256').update('development-only-gate-pin-key').digest();
}

export function encryptPin(pin: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv);
  const ct = Buffer.concat([cipher.update(pin, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** The PIN, or null when the value was not written under this key (or was altered). */
export function decryptPin(stored: string): string | null {
  const [v, iv, tag, ct] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || !ct) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A keyed hash of the PIN, for the "one active PIN per facility" unique index without storing it in clear. */
export function pinHash(pin: string): string {
  return crypto.createHmac('sha256', key()).update(`gate-pin:${pin}`).digest('base64url');
}
