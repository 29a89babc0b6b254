import 'server-only';
import { env } from '@/lib/env';

/**
 * The key that signs staff sessions, customer sessions and sign-in links, and encrypts TOTP secrets. A fixed key is
 * public (it is in the source), so it is allowed only outside production; `npm start` always provides a generated one.
 */
export function authSecret(): string {
  const s = env().AUTH_SECRET;
  if (s) return s;
  if (env().NODE_ENV === 'production') throw new Error('AUTH_SECRET (at least 32 characters) is required in production');
  return 'development-only-auth-secret-not-for-production';
}
