import { afterAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { testPasswordHash } from '@/test/fixtures/staff-passwords';
import { currentTotp, decryptTotpSecret, encryptTotpSecret, newTotpSecret } from './totp';
import { SIGN_IN_WAITS, verifyStaffSignIn } from './sign-in';
import { blockFor } from '@/lib/rate-limit';
import { disableOwnTotp } from '@/lib/staff/accounts';

const { db, close } = await openTestDb();
afterAll(() => close());

async function staffUser(email: string, password: string, extra: { totp?: string; isActive?: boolean } = {}) {
  return db.user.create({
    data: {
      email,
      role: 'staff',
      passwordHash: await testPasswordHash(password),
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
    // The fixture's cheap hash was replaced at this sign-in by one at the product's cost (docs/product-rules.md: bcrypt,
    // cost 12), which still verifies.
    const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email: input.email } });
    expect(passwordHash).toMatch(/^\$2[aby]\$12\$/);
    expect(await verifyStaffSignIn(db, { ...input, code: currentTotp(secret, Date.now() + 30_000) }, '198.51.100.3')).toMatchObject({ ok: true });
  });

  it('a two-factor code works once: the same code again in its window is refused (third pass, finding 8)', async () => {
    const secret = newTotpSecret();
    await staffUser('once@example.test', 'right-password-4', { totp: secret });
    const code = currentTotp(secret);
    const input = { email: 'once@example.test', password: 'right-password-4', code };
    expect(await verifyStaffSignIn(db, input, '198.51.100.4')).toMatchObject({ ok: true });
    expect(await verifyStaffSignIn(db, input, '198.51.100.5')).toMatchObject({ ok: false, reason: 'code_invalid' });
  });

  it('a stranger cannot lock staff out: failures from elsewhere make the owner wait a minute at most (third pass, finding 5)', async () => {
    await staffUser('target@example.test', 'right-password-3');
    let now = Date.now();
    // Forty wrong passwords from forty addresses, each waiting out whatever it was told.
    for (let i = 0; i < 40; i++) {
      const r = await verifyStaffSignIn(db, { email: 'target@example.test', password: `guess-${i}` }, `203.0.113.${i}`, now);
      expect(r.ok).toBe(false);
      if (!r.ok && r.reason === 'rate_limited') expect(r.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // The owner, from their own address: at most a minute's wait, then in.
    let mine = await verifyStaffSignIn(db, { email: 'target@example.test', password: 'right-password-3' }, '198.51.100.77', now);
    if (!mine.ok) {
      expect(mine).toMatchObject({ reason: 'rate_limited' });
      expect(mine.retryAfterSeconds).toBeLessThanOrEqual(60);
      // The wait passes on the clock the check is given, not in real time.
      now += mine.retryAfterSeconds! * 1000 + 100;
      mine = await verifyStaffSignIn(db, { email: 'target@example.test', password: 'right-password-3' }, '198.51.100.77', now);
    }
    expect(mine).toMatchObject({ ok: true });
  }, 90_000);

  it('strangers on other networks cannot keep the owner out: the right password and code from a clean network pass the account\'s wait (fourth pass, finding 5)', async () => {
    const secret = newTotpSecret();
    const email = 'kept-out@example.test';
    await staffUser(email, 'right-password-7', { totp: secret });
    // The attack: wrong passwords from many networks (an IPv6 /64 each), each within its own 3 free failures, until
    // the account-wide wait runs; one network failed twice.
    const attacker = (i: number) => `2001:db8:38:${i}::1`;
    for (const n of [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      expect(await verifyStaffSignIn(db, { email, password: `guess-${n}` }, attacker(n))).toEqual({ ok: false, reason: 'invalid' });
    }
    // One wrong password a minute from elsewhere keeps the wait running (here: its longest, 60 seconds, set at once).
    await blockFor(db, 'signInWait', `account:${email}`, SIGN_IN_WAITS.account.maxSeconds);

    // While it runs, a stranger's guess from a fresh network learns nothing: the wait's answer, for a wrong password
    // and for the right password without the code or with a wrong one alike.
    const wait = { ok: false, reason: 'rate_limited', retryAfterSeconds: expect.any(Number) };
    expect(await verifyStaffSignIn(db, { email, password: 'guess-x' }, attacker(20))).toMatchObject(wait);
    expect(await verifyStaffSignIn(db, { email, password: 'right-password-7' }, attacker(21))).toMatchObject(wait);
    expect(await verifyStaffSignIn(db, { email, password: 'right-password-7', code: '000000' }, attacker(22))).toMatchObject(wait);
    // A network that already failed twice is not even checked, right password and code or not.
    expect(await verifyStaffSignIn(db, { email, password: 'right-password-7', code: currentTotp(secret) }, attacker(0))).toMatchObject(wait);

    // The owner, from their own network, with the right password and code: in at once.
    expect(await verifyStaffSignIn(db, { email, password: 'right-password-7', code: currentTotp(secret, Date.now() + 30_000) }, '198.51.100.88')).toMatchObject({ ok: true });
  }, 90_000);

  it('one address guessing one account waits longer and longer after 3 failures, up to 15 minutes', async () => {
    await staffUser('slow@example.test', 'right-password-5');
    const guess = () => verifyStaffSignIn(db, { email: 'slow@example.test', password: 'nope' }, '192.0.2.77');
    for (let i = 0; i < 3; i++) expect(await guess()).toEqual({ ok: false, reason: 'invalid' });
    expect(await guess()).toEqual({ ok: false, reason: 'invalid' });
    // The 4th failure set a 2-second wait: even the right password waits now, from this address.
    const waiting = await verifyStaffSignIn(db, { email: 'slow@example.test', password: 'right-password-5' }, '192.0.2.77');
    expect(waiting).toMatchObject({ ok: false, reason: 'rate_limited' });
    const { waitAfter, SIGN_IN_WAITS } = await import('./sign-in');
    expect([4, 5, 6, 10, 30].map((n) => waitAfter(n, SIGN_IN_WAITS.pair))).toEqual([2, 4, 8, 128, 900]);
    expect([11, 12, 16, 40].map((n) => waitAfter(n, SIGN_IN_WAITS.account))).toEqual([2, 4, 60, 60]);

    // One address trying many accounts is stopped after 20 attempts.
    for (let i = 0; i < 20; i++) {
      expect(await verifyStaffSignIn(db, { email: `spray-${i}@example.test`, password: 'x' }, '192.0.2.50')).toEqual({ ok: false, reason: 'invalid' });
    }
    const last = await verifyStaffSignIn(db, { email: 'spray-last@example.test', password: 'x' }, '192.0.2.50');
    expect(last).toMatchObject({ ok: false, reason: 'rate_limited' });
  }, 90_000);

  it('codes to turn two-factor off are throttled (5 in 15 minutes) and single use too (third pass, finding 8)', async () => {
    const secret = newTotpSecret();
    const user = await staffUser('off@example.test', 'right-password-6', { totp: secret });
    const actor = { id: user.id, email: user.email };
    for (let i = 0; i < 5; i++) await expect(disableOwnTotp(db, actor, String(100000 + i))).rejects.toMatchObject({ code: 'wrong_code' });
    // The sixth guess is not even checked, the right code neither.
    await expect(disableOwnTotp(db, actor, currentTotp(secret))).rejects.toMatchObject({ code: 'code_limited' });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpEnabledAt).not.toBeNull();
  });
});
