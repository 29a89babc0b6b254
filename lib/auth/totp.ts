import 'server-only';
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { authSecret } from './secret';

/**
 * Two-factor sign-in with time-based one-time codes (RFC 6238: 6 digits, 30 seconds, SHA-1, what every authenticator
 * app reads). The shared secret is stored encrypted (AES-256-GCM, key derived from AUTH_SECRET), so a copy of the
 * database alone cannot mint codes. Rotating AUTH_SECRET therefore means staff set up their app again.
 */
const ISSUER = 'Phuket Self Storage';

function key(): Buffer {
  return crypto.createHash('sha256').update(`totp-secret-encryption:${authSecret()}`).digest();
}

export function encryptTotpSecret(base32: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptTotpSecret(stored: string): string | null {
  const [v, iv, tag, body] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || !body) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function totp(base32: string, label = 'staff'): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(base32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app imports (typed in, or pasted). */
export function totpUri(base32: string, email: string): string {
  return totp(base32, email).toString();
}

/** True when `code` is the current code or the one just before or after it (clocks drift by a few seconds). */
export function verifyTotp(base32: string, code: string, now: number = Date.now()): boolean {
  return totpStep(base32, code, now) !== null;
}

/**
 * The 30-second time step `code` belongs to (the current one or one either side), or null when it is no valid code.
 * A code is used once: callers record the step and refuse any step not after the last one used (spendTotpStep).
 */
export function totpStep(base32: string, code: string, now: number = Date.now()): number | null {
  const clean = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(clean)) return null;
  const delta = totp(base32).validate({ token: clean, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 30_000) + delta;
}

/** For tests and the set-up screen's self-check. */
export function currentTotp(base32: string, now: number = Date.now()): string {
  return totp(base32).generate({ timestamp: now });
}
