import { afterAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { testPasswordHash } from '@/test/fixtures/staff-passwords';
import { currentTotp, encryptTotpSecret, newTotpSecret } from './totp';
import { verifyStaffSignIn } from './sign-in';
import { RECOVERY_CODE_COUNT, replaceRecoveryCodes, unusedRecoveryCodes } from './recovery-codes';
import { confirmTotpSetup, createOwnRecoveryCodes, disableOwnTotp, startTotpSetup, updateStaffUser } from '@/lib/staff/accounts';

const { db, close } = await openTestDb();
afterAll(() => close());

async function twoFactorUser(email: string, password: string) {
  const secret = newTotpSecret();
  const user = await db.user.create({ data: { email, role: 'staff', passwordHash: await testPasswordHash(password), totpSecret: encryptTotpSecret(secret), totpEnabledAt: new Date() } });
  return { user, secret };
}

describe('recovery codes for two-factor sign-in', () => {
  it('sign in once each in place of the authenticator code, typed in any case and spacing', async () => {
    const { user } = await twoFactorUser('lostphone@example.test', 'right-password-r1');
    const codes = await replaceRecoveryCodes(db, user.id);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    // Only hashes are stored.
    const stored = await db.recoveryCode.findMany({ where: { userId: user.id } });
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    expect(JSON.stringify(stored)).not.toContain(codes[0].replace('-', ''));

    const input = { email: 'lostphone@example.test', password: 'right-password-r1' };
    expect(await verifyStaffSignIn(db, { ...input, code: codes[0].toUpperCase().replace('-', ' ') }, '198.51.100.31')).toMatchObject({ ok: true });
    expect(await verifyStaffSignIn(db, { ...input, code: codes[0] }, '198.51.100.32')).toMatchObject({ ok: false, reason: 'code_invalid' });
    expect(await unusedRecoveryCodes(db, user.id)).toBe(RECOVERY_CODE_COUNT - 1);
    expect(await verifyStaffSignIn(db, { ...input, code: codes[1] }, '198.51.100.33')).toMatchObject({ ok: true });
  });

  it("do not open another account, and a new set cancels the old one", async () => {
    const a = await twoFactorUser('rc-a@example.test', 'right-password-r2');
    const b = await twoFactorUser('rc-b@example.test', 'right-password-r3');
    const codesOfA = await replaceRecoveryCodes(db, a.user.id);
    await replaceRecoveryCodes(db, b.user.id);
    expect(await verifyStaffSignIn(db, { email: 'rc-b@example.test', password: 'right-password-r3', code: codesOfA[0] }, '198.51.100.34')).toMatchObject({ ok: false, reason: 'code_invalid' });

    const fresh = await createOwnRecoveryCodes(db, a.user, currentTotp(a.secret));
    expect(await verifyStaffSignIn(db, { email: 'rc-a@example.test', password: 'right-password-r2', code: codesOfA[2] }, '198.51.100.35')).toMatchObject({ ok: false, reason: 'code_invalid' });
    expect(await verifyStaffSignIn(db, { email: 'rc-a@example.test', password: 'right-password-r2', code: fresh[0] }, '198.51.100.36')).toMatchObject({ ok: true });
  });

  it('need a current authenticator code to be made, and go when two-factor sign-in is turned off', async () => {
    const { user, secret } = await twoFactorUser('rc-off@example.test', 'right-password-r4');
    await expect(createOwnRecoveryCodes(db, user, '000000')).rejects.toMatchObject({ code: 'wrong_code' });
    await createOwnRecoveryCodes(db, user, currentTotp(secret));
    expect(await unusedRecoveryCodes(db, user.id)).toBe(RECOVERY_CODE_COUNT);
    await disableOwnTotp(db, user, currentTotp(secret, Date.now() + 30_000));
    expect(await unusedRecoveryCodes(db, user.id)).toBe(0);
  });
});

describe('two-factor is changed or removed only with a code, audited, and old recovery codes never return (fourth pass, finding 4)', () => {
  const audits = (entityId: string) => db.auditLog.findMany({ where: { entityId }, select: { action: true } }).then((r) => r.map((a) => a.action).sort());

  it('starting a new set-up on an account with two-factor on is refused: password-only sign-in never works again by it', async () => {
    const { user, secret } = await twoFactorUser('setup-again@example.test', 'right-password-r4');
    const actor = { id: user.id, email: user.email };
    await expect(startTotpSetup(db, actor)).rejects.toMatchObject({ code: 'already_on' });
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.totpEnabledAt).not.toBeNull();
    // The password alone is still not enough; the app's code still is.
    const input = { email: 'setup-again@example.test', password: 'right-password-r4' };
    expect(await verifyStaffSignIn(db, input, '198.51.100.41')).toEqual({ ok: false, reason: 'code_required' });
    expect(await verifyStaffSignIn(db, { ...input, code: currentTotp(secret) }, '198.51.100.41')).toMatchObject({ ok: true });
  });

  it('turning it on again after turning it off leaves the earlier recovery codes dead; every change is in the audit log', async () => {
    const { user, secret } = await twoFactorUser('turn-again@example.test', 'right-password-r5');
    const actor = { id: user.id, email: user.email };
    const old = await createOwnRecoveryCodes(db, actor, currentTotp(secret));
    // Turned off with a recovery code (the phone is lost): works, and uses the code.
    await disableOwnTotp(db, actor, old[0]);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpEnabledAt).toBeNull();

    const fresh = await startTotpSetup(db, actor);
    await confirmTotpSetup(db, actor, currentTotp(fresh, Date.now() + 30_000));
    expect(await unusedRecoveryCodes(db, user.id)).toBe(0);
    const input = { email: 'turn-again@example.test', password: 'right-password-r5' };
    for (const code of old.slice(1, 4)) expect(await verifyStaffSignIn(db, { ...input, code }, '198.51.100.42')).toMatchObject({ ok: false, reason: 'code_invalid' });
    expect(await audits(user.id)).toEqual(['account.disableTotp', 'account.enableTotp', 'account.recoveryCodes', 'account.startTotp']);
  });

  it('a set-up left half-way keeps the old recovery codes from coming back when it is confirmed', async () => {
    const secret = newTotpSecret();
    // An account whose two-factor an admin reset while its recovery codes stayed (as the old set-up action left them).
    const user = await db.user.create({ data: { email: 'half-way@example.test', role: 'staff', passwordHash: await testPasswordHash('right-password-r6'), totpSecret: encryptTotpSecret(secret), totpEnabledAt: null } });
    const old = await replaceRecoveryCodes(db, user.id);
    await confirmTotpSetup(db, { id: user.id, email: user.email }, currentTotp(secret));
    expect(await verifyStaffSignIn(db, { email: 'half-way@example.test', password: 'right-password-r6', code: old[0] }, '198.51.100.43')).toMatchObject({ ok: false, reason: 'code_invalid' });
  });

  it('an admin resetting somebody else\'s two-factor deletes their recovery codes and is audited', async () => {
    const { user, secret } = await twoFactorUser('reset-by-admin@example.test', 'right-password-r7');
    const old = await createOwnRecoveryCodes(db, { id: user.id, email: user.email }, currentTotp(secret));
    const admin = await db.user.findFirstOrThrow({ where: { role: 'admin' } });
    await updateStaffUser(db, { id: admin.id, email: admin.email }, { userId: user.id, role: 'staff', isActive: true, resetTwoFactor: true });
    const fresh = await startTotpSetup(db, { id: user.id, email: user.email });
    await confirmTotpSetup(db, { id: user.id, email: user.email }, currentTotp(fresh, Date.now() + 30_000));
    expect(await verifyStaffSignIn(db, { email: 'reset-by-admin@example.test', password: 'right-password-r7', code: old[0] }, '198.51.100.44')).toMatchObject({ ok: false, reason: 'code_invalid' });
    expect(await audits(user.id)).toEqual(['account.enableTotp', 'account.recoveryCodes', 'account.startTotp', 'staff.update']);
  });
});
