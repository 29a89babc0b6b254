import { afterAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { hashPassword } from './password';
import { currentTotp, encryptTotpSecret, newTotpSecret } from './totp';
import { verifyStaffSignIn } from './sign-in';
import { RECOVERY_CODE_COUNT, replaceRecoveryCodes, unusedRecoveryCodes } from './recovery-codes';
import { createOwnRecoveryCodes, disableOwnTotp } from '@/lib/admin/accounts';

const { db, close } = openTestDb();
afterAll(() => close());

async function twoFactorUser(email: string, password: string) {
  const secret = newTotpSecret();
  const user = await db.user.create({ data: { email, role: 'staff', passwordHash: await hashPassword(password), totpSecret: encryptTotpSecret(secret), totpEnabledAt: new Date() } });
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
