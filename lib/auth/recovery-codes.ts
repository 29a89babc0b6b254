import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/lib/db';
import { authSecret } from './secret';

/**
 * Recovery codes for two-factor sign-in (docs/product-rules.md#two-factor-set-up): ten one-time codes shown once,
 * each standing in for an authenticator code when the phone is lost. Only a keyed hash is stored (HMAC with a key
 * derived from AUTH_SECRET, per account), so a copy of the database alone reveals none; a code is spent by one
 * statement, so it works once even when tried twice at the same moment.
 */
export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32: no I, L, O or U to misread; 10 characters = 50 bits.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** 'k7m2q-9xw4d' typed as 'K7M2Q 9XW4D' or 'k7m2q9xw4d' is the same code. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

/** Whether a typed sign-in code has the shape of a recovery code (an authenticator code is 6 digits). */
export function looksLikeRecoveryCode(input: string): boolean {
  return new RegExp(`^[${ALPHABET}]{10}$`).test(normalizeRecoveryCode(input));
}

function hash(userId: string, code: string): string {
  return crypto.createHmac('sha256', `recovery-code:${authSecret()}`).update(`${userId}:${normalizeRecoveryCode(code)}`).digest('base64url');
}

function newCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A fresh set for the account, replacing any earlier one; the codes themselves are returned once and never stored. */
export async function replaceRecoveryCodes(db: Pick<Db, '$transaction'>, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.$transaction(async (tx) => {
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.recoveryCode.createMany({ data: codes.map((c) => ({ userId, codeHash: hash(userId, c) })) });
  });
  return codes;
}

/** Uses a code up: true once for a code of this account, false for a wrong, another account's or a spent one. */
export async function spendRecoveryCode(db: Pick<Db, 'recoveryCode'>, userId: string, code: string, now = new Date()): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const { count } = await db.recoveryCode.updateMany({ where: { userId, codeHash: hash(userId, code), usedAt: null }, data: { usedAt: now } });
  return count === 1;
}

export function unusedRecoveryCodes(db: Pick<Db, 'recoveryCode'>, userId: string): Promise<number> {
  return db.recoveryCode.count({ where: { userId, usedAt: null } });
}
