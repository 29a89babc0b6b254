import 'server-only';
import crypto from 'node:crypto';
import { linkSecret } from '@/lib/platform/link-signing';

/**
 * A value we must recognise again without keeping it (a device cookie, a network address): an HMAC under the site's
 * secret, so the stored hash cannot be reversed by trying every IPv4 address.
 */
export function keyedHash(purpose: string, value: string): string {
  return crypto.createHmac('sha256', linkSecret()).update(`${purpose}:${value.trim().toLowerCase()}`).digest('base64url').slice(0, 32);
}
