import 'server-only';
import type { Db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import type { StaffRole, StaffUser } from '@/lib/auth/staff';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { decryptTotpSecret, encryptTotpSecret, newTotpSecret, totpStep } from '@/lib/auth/totp';
import { spendTotpStep } from '@/lib/auth/sign-in';
import { looksLikeRecoveryCode, replaceRecoveryCodes, spendRecoveryCode } from '@/lib/auth/recovery-codes';
import { consumeRateLimit } from '@/lib/rate-limit';
import { AccountFailure } from './failure';

type Actor = Pick<StaffUser, 'id' | 'email'>;

/** Own password change: the current password is asked again; every other session of the account ends. */
export async function changeOwnPassword(db: Db, actor: Actor, current: string, next: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  if (!(await verifyPassword(current, user.passwordHash))) throw new AccountFailure('wrong_password');
  const passwordHash = await hashPassword(next);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: actor.id }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await recordAudit(tx, { actor, action: 'account.changePassword', entity: 'user', entityId: actor.id });
  });
}

/**
 * Step 1 of two-factor set-up: a new secret is stored (encrypted) but not required until a code confirms it. Refused
 * while two-factor sign-in is on: starting over would turn it off without a code (docs/product-rules.md#two-factor-set-up,
 * "Changes need a code"); a new phone means turning it off with a code (or a recovery code) first.
 */
export async function startTotpSetup(db: Db, actor: Actor): Promise<string> {
  const secret = newTotpSecret();
  await db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: actor.id, totpEnabledAt: null },
      data: { totpSecret: encryptTotpSecret(secret), totpLastStep: null },
    });
    if (count !== 1) throw new AccountFailure('already_on');
    await recordAudit(tx, { actor, action: 'account.startTotp', entity: 'user', entityId: actor.id });
  });
  return secret;
}

/**
 * Every two-factor code check outside sign-in (turning it on, turning it off) is limited per account (5 in 15
 * minutes) and uses the code up, like sign-in's (docs/product-rules.md#security-headers, "Staff sign-in"). Where
 * `recovery` allows it (turning two-factor off: the phone is lost), a recovery code stands in for the app's code and is
 * spent like one at sign-in.
 */
async function checkOwnCode(db: Db, userId: string, secret: string, code: string, opts: { recovery?: boolean } = {}): Promise<void> {
  if (!(await consumeRateLimit(db, 'totpCheck', `user:${userId}`)).ok) throw new AccountFailure('code_limited');
  if (opts.recovery && looksLikeRecoveryCode(code)) {
    if (!(await spendRecoveryCode(db, userId, code))) throw new AccountFailure('wrong_code');
    return;
  }
  const step = totpStep(secret, code);
  if (step === null || !(await spendTotpStep(db, userId, step))) throw new AccountFailure('wrong_code');
}

/**
 * Step 2: a correct code from the app turns two-factor sign-in on. Recovery codes of any earlier set-up are deleted:
 * a new set-up starts without any, and the account page offers a fresh set.
 */
export async function confirmTotpSetup(db: Db, actor: Actor, code: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  const secret = user.totpSecret ? decryptTotpSecret(user.totpSecret) : null;
  if (!secret || user.totpEnabledAt) throw new AccountFailure('no_setup');
  await checkOwnCode(db, actor.id, secret, code);
  await db.$transaction(async (tx) => {
    await tx.recoveryCode.deleteMany({ where: { userId: actor.id } });
    await tx.user.update({ where: { id: actor.id }, data: { totpEnabledAt: new Date(), sessionVersion: { increment: 1 } } });
    await recordAudit(tx, { actor, action: 'account.enableTotp', entity: 'user', entityId: actor.id });
  });
}

/** New recovery codes (the old ones stop working), for an account with two-factor sign-in on and a current code. */
export async function createOwnRecoveryCodes(db: Db, actor: Actor, code: string): Promise<string[]> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  const secret = user.totpSecret ? decryptTotpSecret(user.totpSecret) : null;
  if (!secret || !user.totpEnabledAt) throw new AccountFailure('no_setup');
  await checkOwnCode(db, actor.id, secret, code);
  const codes = await replaceRecoveryCodes(db, actor.id);
  await db.$transaction((tx) => recordAudit(tx, { actor, action: 'account.recoveryCodes', entity: 'user', entityId: actor.id }));
  return codes;
}

/** Turning two-factor sign-in off: with the app's current code or one of the account's recovery codes. */
export async function disableOwnTotp(db: Db, actor: Actor, code: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  const secret = user.totpSecret ? decryptTotpSecret(user.totpSecret) : null;
  if (!secret || !user.totpEnabledAt) throw new AccountFailure('no_setup');
  await checkOwnCode(db, actor.id, secret, code, { recovery: true });
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: actor.id }, data: { totpEnabledAt: null, totpSecret: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId: actor.id } });
    await recordAudit(tx, { actor, action: 'account.disableTotp', entity: 'user', entityId: actor.id });
  });
}

// ── staff accounts (admins only) ─────────────────────────────────────────────────────────────────────────────────

const publicUser = (u: { email: string; name: string | null; role: string; isActive: boolean; totpEnabledAt: Date | null }) => ({
  email: u.email,
  name: u.name,
  role: u.role,
  isActive: u.isActive,
  twoFactor: Boolean(u.totpEnabledAt),
});

export async function createStaffUser(db: Db, actor: Actor, input: { email: string; name: string; role: StaffRole; password: string }) {
  const email = input.email.trim().toLowerCase();
  if (await db.user.findUnique({ where: { email } })) throw new AccountFailure('email_taken');
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    const u = await tx.user.create({ data: { email, name: input.name || null, role: input.role, passwordHash } });
    await recordAudit(tx, { actor, action: 'staff.create', entity: 'user', entityId: u.id, after: publicUser(u) });
  });
}

/** Role, active flag, a new password or a 2FA reset. An admin cannot lock themselves or the business out. */
export async function updateStaffUser(
  db: Db,
  actor: Actor,
  input: { userId: string; role: StaffRole; isActive: boolean; newPassword?: string; resetTwoFactor?: boolean },
) {
  const passwordHash = input.newPassword ? await hashPassword(input.newPassword) : undefined;
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE role = 'admin' FOR UPDATE`;
    const user = await tx.user.findUnique({ where: { id: input.userId } });
    if (!user) throw new AccountFailure('not_found');
    if (user.id === actor.id && (input.role !== 'admin' || !input.isActive)) throw new AccountFailure('self');
    const demoted = user.role === 'admin' && user.isActive && (input.role !== 'admin' || !input.isActive);
    if (demoted && (await tx.user.count({ where: { role: 'admin', isActive: true } })) <= 1) throw new AccountFailure('last_admin');
    const endSessions = passwordHash || input.role !== user.role || !input.isActive || input.resetTwoFactor;
    const after = await tx.user.update({
      where: { id: user.id },
      data: {
        role: input.role,
        isActive: input.isActive,
        ...(passwordHash ? { passwordHash } : {}),
        ...(input.resetTwoFactor ? { totpSecret: null, totpEnabledAt: null, totpLastStep: null } : {}),
        ...(endSessions ? { sessionVersion: { increment: 1 } } : {}),
      },
    });
    if (input.resetTwoFactor) await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await recordAudit(tx, {
      actor,
      action: 'staff.update',
      entity: 'user',
      entityId: user.id,
      before: publicUser(user),
      after: { ...publicUser(after), passwordReset: Boolean(passwordHash), twoFactorReset: Boolean(input.resetTwoFactor) },
    });
  });
}

/** Audits the member's new alert choices (saved by lib/staff-alerts). */
export async function auditOwnAlertChoices(db: Db, actor: Actor, after: { receive: string[]; locale: string }) {
  await db.$transaction((tx) => recordAudit(tx, { actor, action: 'staff.alerts', entity: 'user', entityId: actor.id, after }));
}
