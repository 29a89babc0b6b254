import 'server-only';
import type { Db } from '@/lib/db';
import { consumeRateLimit, resetRateLimit } from '@/lib/rate-limit';
import type { StaffRole } from './staff';
import { hashPassword, needsRehash, verifyPassword } from './password';
import { decryptTotpSecret, verifyTotp } from './totp';

export type SignInFailure = 'invalid' | 'rate_limited' | 'code_required' | 'code_invalid';

export type SignInOutcome =
  | { ok: true; user: { id: string; email: string; name: string | null; role: StaffRole; sessionVersion: number } }
  | { ok: false; reason: SignInFailure; retryAfterSeconds?: number };

export interface SignInInput {
  email: string;
  password: string;
  /** the authenticator code; required once the account has two-factor sign-in */
  code?: string | null;
}

/**
 * Checks a staff sign-in: attempts are counted per account and per address before anything else (so a slow hash
 * cannot be used to probe accounts quickly), the password is compared in constant time against a real or dummy hash,
 * and accounts with two-factor sign-in need their current code. Wrong email and wrong password answer the same.
 */
export async function verifyStaffSignIn(db: Db, input: SignInInput, address: string): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const [byAddress, byAccount] = await Promise.all([
    consumeRateLimit(db, 'signInAddress', address),
    consumeRateLimit(db, 'signInAccount', email),
  ]);
  if (!byAddress.ok || !byAccount.ok) {
    const wait = Math.max(byAddress.ok ? 0 : byAddress.retryAfterSeconds, byAccount.ok ? 0 : byAccount.retryAfterSeconds);
    return { ok: false, reason: 'rate_limited', retryAfterSeconds: wait };
  }

  const user = await db.user.findUnique({ where: { email } });
  const passwordOk = await verifyPassword(input.password, user?.isActive ? user.passwordHash : null);
  if (!user || !user.isActive || !passwordOk) return { ok: false, reason: 'invalid' };

  if (user.totpEnabledAt && user.totpSecret) {
    const code = input.code?.trim();
    if (!code) return { ok: false, reason: 'code_required' };
    const secret = decryptTotpSecret(user.totpSecret);
    if (!secret || !verifyTotp(secret, code)) return { ok: false, reason: 'code_invalid' };
  }

  await resetRateLimit(db, 'signInAccount', email);
  await db.user.update({
    where: { id: user.id },
    data: { lastSignInAt: new Date(), ...(user.passwordHash && needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(input.password) } : {}) },
  });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion } };
}
