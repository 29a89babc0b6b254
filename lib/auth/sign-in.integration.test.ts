import { afterAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { hashPassword } from './password';
import { currentTotp, decryptTotpSecret, encryptTotpSecret, newTotpSecret } from './totp';
import { verifyStaffSignIn } from './sign-in';

const { db, close } = openTestDb();
afterAll(() => close());

async function staffUser(email: string, password: string, extra: { totp?: string; isActive?: boolean } = {}) {
  return db.user.create({
    data: {
      email,
      role: 'staff',
      passwordHash: await hashPassword(password),
      isActive: extra.isActive ?? true,
      ...(extra.totp ? { totpSecret: encryptTotpSecret(extra.totp), totpEnabledAt: new Date() } : {}),
    },
  });
}

describe('staff sign-in', () => {
  it('signs in the seeded admin with its password (ADMIN_PASSWORD), whatever the case of the email', async () => {
    const admin = await db.user.findFirstOrThrow({ where: { role: 'admin' } });
    const r = await verifyStaffSignIn(db, { email: admin.email.toUpperCase(), password: 'test-admin-password' }, '198.51.100.1');
    expect(r).toMatchObject({ ok: true, user: { id: admin.id, role: 'admin' } });
  });

  it('answers a wrong password, an unknown email and a deactivated account the same way', async () => {
    await staffUser('gone@example.test', 'right-password-1', { isActive: false });
    await staffUser('here@example.test', 'right-password-1');
    for (const [email, password] of [['here@example.test', 'wrong-password'], ['nobody@example.test', 'right-password-1'], ['gone@example.test', 'right-password-1']]) {
      expect(await verifyStaffSignIn(db, { email, password }, '198.51.100.2')).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('asks for the authenticator code once two-factor sign-in is on, and accepts only the current one', async () => {
    const secret = newTotpSecret();
    expect(decryptTotpSecret(encryptTotpSecret(secret))).toBe(secret);
    await staffUser('twofa@example.test', 'right-password-2', { totp: secret });
    const input = { email: 'twofa@example.test', password: 'right-password-2' };
    expect(await verifyStaffSignIn(db, input, '198.51.100.3')).toEqual({ ok: false, reason: 'code_required' });
    const stale = currentTotp(secret, Date.now() - 10 * 60_000);
    expect(await verifyStaffSignIn(db, { ...input, code: stale }, '198.51.100.3')).toMatchObject({ ok: false, reason: 'code_invalid' });
    expect(await verifyStaffSignIn(db, { ...input, code: currentTotp(secret) }, '198.51.100.3')).toMatchObject({ ok: true });
  });

  it('stops guessing after 5 attempts on one account, even with the right password, and counts per address too', async () => {
    await staffUser('target@example.test', 'right-password-3');
    for (let i = 0; i < 5; i++) expect((await verifyStaffSignIn(db, { email: 'target@example.test', password: `guess-${i}` }, `203.0.113.${i}`)).ok).toBe(false);
    const locked = await verifyStaffSignIn(db, { email: 'target@example.test', password: 'right-password-3' }, '203.0.113.99');
    expect(locked).toMatchObject({ ok: false, reason: 'rate_limited' });
    expect(locked.ok === false && locked.retryAfterSeconds).toBeGreaterThan(60);

    // One address trying many accounts is stopped after 20 attempts.
    for (let i = 0; i < 20; i++) {
      expect(await verifyStaffSignIn(db, { email: `spray-${i}@example.test`, password: 'x' }, '192.0.2.50')).toEqual({ ok: false, reason: 'invalid' });
    }
    const last = await verifyStaffSignIn(db, { email: 'spray-last@example.test', password: 'x' }, '192.0.2.50');
    expect(last).toMatchObject({ ok: false, reason: 'rate_limited' });
  });
});
