import 'server-only';
import type { Db } from '@/lib/db';
import { attemptCount, blockFor, consumeRateLimit, countAttempt, resetRateLimit, waitSeconds } from '@/lib/rate-limit';
import { networkOf } from '@/lib/rate-limit/network';
import type { StaffRole } from './roles';
import { hashPassword, needsRehash, verifyPassword } from './password';
import { decryptTotpSecret, totpStep } from './totp';
import { looksLikeRecoveryCode, spendRecoveryCode } from './recovery-codes';

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
 * Growing waits after failed sign-ins, never a lock (docs/product-rules.md#security-headers, "Staff sign-in"):
 *   - per account AND network: 3 failures free, then 2, 4, 8 … seconds before the next try, at most 15 minutes: one
 *     network guessing one account slows to a crawl;
 *   - per account from every network together: 10 failures a day free, then 2, 4, 8 … seconds, at most 60 seconds.
 *     This wait holds back networks that already failed on the account (more than `cleanNetworkFailures`); a try from
 *     a network with no such record is still checked during it, and passes only when everything is right (the password
 *     and, with two-factor on, the code), otherwise it gets the wait's own answer and counts. So strangers elsewhere
 *     cannot keep the real person out (fourth pass: one wrong password a minute from 15 networks used to), and while
 *     the wait runs a guess learns nothing, not even that a password was right;
 *   - per network: 20 attempts in 15 minutes, whatever the account (only that network is stopped).
 * A success clears the pair's count. Wrong codes count as failures like wrong passwords.
 */
export const SIGN_IN_WAITS = {
  pair: { free: 3, maxSeconds: 15 * 60 },
  account: { free: 10, maxSeconds: 60 },
  /** a network with at most this many failures on the account today (a typo) is checked during the account's wait */
  cleanNetworkFailures: 1,
} as const;

export function waitAfter(failures: number, rule: { free: number; maxSeconds: number }): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.maxSeconds, 2 ** Math.min(20, failures - rule.free));
}

const pairKey = (email: string, address: string) => `${email}|${networkOf(address)}`;

/**
 * Checks a staff sign-in: waits and the per-address allowance are checked before anything else (so a slow hash cannot
 * be used to probe accounts quickly), the password is compared in constant time against a real or dummy hash, and
 * accounts with two-factor sign-in need a code not used before. Wrong email and wrong password answer the same.
 */
export async function verifyStaffSignIn(db: Db, input: SignInInput, address: string, now: number = Date.now()): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const pair = pairKey(email, address);
  const [pairWait, accountWait] = await Promise.all([waitSeconds(db, 'signInWait', `pair:${pair}`), waitSeconds(db, 'signInWait', `account:${email}`)]);
  if (pairWait > 0) return { ok: false, reason: 'rate_limited', retryAfterSeconds: pairWait };
  // The account's wait: a network that failed on it waits; a clean one is checked, and only a full success passes.
  const waiting: SignInOutcome | null = accountWait > 0 ? { ok: false, reason: 'rate_limited', retryAfterSeconds: accountWait } : null;
  if (waiting && (await attemptCount(db, 'signInFailuresPair', pair)) > SIGN_IN_WAITS.cleanNetworkFailures) return waiting;
  const byAddress = await consumeRateLimit(db, 'signInAddress', address);
  if (!byAddress.ok) return { ok: false, reason: 'rate_limited', retryAfterSeconds: byAddress.retryAfterSeconds };

  const failed = async (reason: SignInFailure): Promise<SignInOutcome> => {
    const [pairFailures, accountFailures] = await Promise.all([countAttempt(db, 'signInFailuresPair', pair), countAttempt(db, 'signInFailuresAccount', email)]);
    await Promise.all([
      blockFor(db, 'signInWait', `pair:${pair}`, waitAfter(pairFailures, SIGN_IN_WAITS.pair)),
      blockFor(db, 'signInWait', `account:${email}`, waitAfter(accountFailures, SIGN_IN_WAITS.account)),
    ]);
    return waiting ?? { ok: false, reason };
  };

  const user = await db.user.findUnique({ where: { email } });
  const passwordOk = await verifyPassword(input.password, user?.isActive ? user.passwordHash : null);
  if (!user || !user.isActive || !passwordOk) return failed('invalid');

  if (user.totpEnabledAt && user.totpSecret) {
    const code = input.code?.trim();
    if (!code) return waiting ?? { ok: false, reason: 'code_required' };
    if (looksLikeRecoveryCode(code)) {
      // A recovery code instead of the app's code (the phone is lost): works once.
      if (!(await spendRecoveryCode(db, user.id, code, new Date(now)))) return failed('code_invalid');
    } else {
      const secret = decryptTotpSecret(user.totpSecret);
      const step = secret ? totpStep(secret, code, now) : null;
      if (step === null || !(await spendTotpStep(db, user.id, step))) return failed('code_invalid');
    }
  }

  await resetRateLimit(db, 'signInFailuresPair', pair);
  await db.user.update({
    where: { id: user.id },
    data: { lastSignInAt: new Date(), ...(user.passwordHash && needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(input.password) } : {}) },
  });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion } };
}

/**
 * Uses up a two-factor code's time step: true once, false for the same (or an earlier) step again, so a code seen over
 * somebody's shoulder or replayed cannot be used a second time within its window. One statement: two concurrent uses
 * of one code cannot both pass.
 */
export async function spendTotpStep(db: Pick<Db, 'user'>, userId: string, step: number): Promise<boolean> {
  const { count } = await db.user.updateMany({ where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] }, data: { totpLastStep: step } });
  return count === 1;
}
