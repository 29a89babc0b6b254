import bcrypt from 'bcryptjs';

/**
 * Staff passwords: bcrypt at cost 12 (about 0.3 s per guess on this 2-core machine), so a stolen table is slow to crack.
 * Hashes made at a lower cost (older seeds) still verify; they are upgraded at the next successful sign-in.
 */
export const PASSWORD_COST = 12;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, PASSWORD_COST);
}

// Compared against when the email is unknown, so a wrong email costs as long as a wrong password and the timing
// does not tell which accounts exist.
const DUMMY_HASH = '$2b$12$L/M9uzLTwV1gHMVmrflXxuW.3Y0z0ml/tdLa/oa9LcZVZSkBrkxK.';

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash);
}

export function needsRehash(hash: string): boolean {
  const cost = Number(/^\$2[aby]\$(\d{2})\$/.exec(hash)?.[1] ?? 0);
  return cost < PASSWORD_COST;
}
