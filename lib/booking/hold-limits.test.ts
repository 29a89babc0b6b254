import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import { DAILY_HOLD_LIMITS, holdLockKeys, holdLocksQuery, holdsCte, judgeHoldLimits, OPEN_HOLD_LIMITS, phoneKey, type HoldIdentity } from './hold-limits';

// The hold limits of docs/product-rules.md#holds, each on both sides of its number: the holds the database query
// returns are given here directly, so every count is checked at its limit and one below it (the query's own
// filters are proven on a database in hold-policy.integration.test.ts).

type Row = { id: string; email: string; phone_key: string; device_key: string | null; client_key: string | null; open: boolean; confirmed: boolean };

const NOW = new Date('2026-11-22T05:00:00.000Z');
const ME: HoldIdentity = { email: 'anna@example.test', phone: '+66 81 234 5678', deviceKey: 'device-a', clientKey: 'net-a' };

let n = 0;
/** A hold of somebody else, on another device and network, unless told otherwise. */
function row(o: Partial<Row> = {}): Row {
  n++;
  return { id: `b${n}`, email: `other${n}@example.test`, phone_key: String(900000000 + n), device_key: `device-x${n}`, client_key: `net-x${n}`, open: true, confirmed: true, ...o };
}
const times = (k: number, o: Partial<Row>) => Array.from({ length: k }, () => row(o));

/**
 * What the query (holdsCte) answers for these holds: the ones of this email, phone or device as rows, the network's
 * as two counts.
 */
function asQueried(rows: Row[], who: HoldIdentity) {
  const email = who.email.trim().toLowerCase();
  const mine = rows.filter((r) => (who.deviceKey !== null && r.device_key === who.deviceKey) || r.email === email || r.phone_key === phoneKey(who.phone));
  const network = rows.filter((r) => who.clientKey !== null && r.client_key === who.clientKey);
  return { rows: mine, address: { daily: network.length, open: network.filter((r) => r.open).length } };
}
const check = (rows: Row[], over: Partial<HoldIdentity> = {}) => {
  const who = { ...ME, ...over };
  return judgeHoldLimits(asQueried(rows, who), who);
};
const refused = (reason: 'open_hold' | 'daily_limit') => ({ ok: false, reason });

afterEach(() => resetEnvForTests());

describe('phone numbers and locks', () => {
  it('a Thai number names the same person however it is typed', () => {
    expect(phoneKey('+66 81 234 5678')).toBe('812345678');
    expect(phoneKey('081-234-5678')).toBe('812345678');
    expect(phoneKey('(081) 234 5678')).toBe('812345678');
  });

  it("one person's submits are serialised on their email, phone, device and network, always in the same order", () => {
    expect(holdLockKeys({ ...ME, email: '  Anna@Example.TEST ' })).toEqual(['hold:address:net-a', 'hold:device:device-a', 'hold:email:anna@example.test', 'hold:phone:812345678']);
    expect(holdLockKeys({ ...ME, deviceKey: null, clientKey: null })).toEqual(['hold:email:anna@example.test', 'hold:phone:812345678']);
  });
});

describe('open holds', () => {
  it('nothing held: allowed, nothing replaced', () => {
    expect(check([])).toEqual({ ok: true, replace: [] });
  });

  it('one confirmed open hold per email (typed in any case) refuses a cash hold from another device; an unconfirmed one does not', () => {
    expect(OPEN_HOLD_LIMITS.email).toBe(1);
    expect(check([row({ email: 'anna@example.test' })], { email: ' ANNA@example.test ' })).toEqual(refused('open_hold'));
    expect(check([row({ email: 'anna@example.test', confirmed: false })])).toEqual({ ok: true, replace: [] });
    // A hold that lapsed or was paid is not open.
    expect(check([row({ email: 'anna@example.test', open: false })])).toEqual({ ok: true, replace: [] });
  });

  it('one confirmed open hold per phone; a number shorter than 8 digits names nobody', () => {
    expect(check([row({ phone_key: '812345678' })])).toEqual(refused('open_hold'));
    expect(check([row({ phone_key: '12345678' })], { phone: '1234-5678' })).toEqual(refused('open_hold'));
    expect(check([row({ phone_key: '1234567' })], { phone: '123-4567' })).toEqual({ ok: true, replace: [] });
    expect(check([row({ phone_key: '812345678', confirmed: false })])).toEqual({ ok: true, replace: [] });
  });

  it('card and PromptPay are never refused because of holds on the email or phone', () => {
    expect(check([row({ email: 'anna@example.test' }), row({ phone_key: '812345678' })], { online: true })).toEqual({ ok: true, replace: [] });
  });

  it('two open holds per device: the second is allowed, the third refused, for card too', () => {
    expect(OPEN_HOLD_LIMITS.device).toBe(2);
    expect(check([row({ device_key: 'device-a' })], { online: true })).toEqual({ ok: true, replace: [] });
    expect(check(times(2, { device_key: 'device-a' }), { online: true })).toEqual(refused('open_hold'));
  });

  it('three open holds per network: the third is allowed, the fourth refused; RATE_LIMIT_SCALE multiplies it', () => {
    expect(OPEN_HOLD_LIMITS.address).toBe(3);
    expect(check(times(2, { client_key: 'net-a' }), { online: true })).toEqual({ ok: true, replace: [] });
    expect(check(times(3, { client_key: 'net-a' }), { online: true })).toEqual(refused('open_hold'));
    setEnvForTests({ RATE_LIMIT_SCALE: '2' });
    expect(check(times(5, { client_key: 'net-a' }), { online: true })).toEqual({ ok: true, replace: [] });
    expect(check(times(6, { client_key: 'net-a' }), { online: true })).toEqual(refused('open_hold'));
  });

  it('a request without a device cookie or network matches nobody by them', () => {
    const rows = [...times(2, { device_key: null }), ...times(3, { client_key: null })];
    expect(check(rows, { deviceKey: null, clientKey: null, online: true })).toEqual({ ok: true, replace: [] });
  });

  it('the same device with the same email or phone replaces its own open holds (confirmed or not) instead of being refused', () => {
    const mine = row({ device_key: 'device-a', email: 'anna@example.test' });
    const myPhone = row({ device_key: 'device-a', phone_key: '812345678', confirmed: false });
    expect(check([mine, myPhone])).toEqual({ ok: true, replace: [mine.id, myPhone.id] });
    // Not a hold that already ended, and not somebody else's on the same device.
    const ended = row({ device_key: 'device-a', email: 'anna@example.test', open: false });
    const stranger = row({ device_key: 'device-a' });
    expect(check([ended, stranger])).toEqual({ ok: true, replace: [] });
    // Eight digits name a person; seven are nobody's and replace nothing.
    const eight = row({ device_key: 'device-a', phone_key: '12345678', confirmed: false });
    expect(check([eight], { phone: '1234-5678' })).toEqual({ ok: true, replace: [eight.id] });
    const short = row({ device_key: 'device-a', phone_key: '1234567', confirmed: false });
    expect(check([short], { phone: '123-4567' })).toEqual({ ok: true, replace: [] });
    // A hold it replaces no longer counts against the network either: two others there and mine make three.
    const onNetwork = row({ device_key: 'device-a', email: 'anna@example.test', client_key: 'net-a', confirmed: false });
    expect(check([...times(2, { client_key: 'net-a' }), onNetwork])).toEqual({ ok: true, replace: [onNetwork.id] });
    expect(check([...times(3, { client_key: 'net-a' }), onNetwork])).toEqual(refused('open_hold'));
    // The same email from another device is neither replaced nor allowed.
    expect(check([row({ device_key: 'device-b', email: 'anna@example.test' })])).toEqual(refused('open_hold'));
  });
});

describe('holds started in the last 24 hours', () => {
  it('are asked for from exactly 24 hours before now, leaving out the booking the submit already wrote', () => {
    const { values } = holdsCte(ME, NOW, 'booking-1');
    expect(values.filter((v): v is Date => v instanceof Date).map((d) => d.toISOString())).toContain('2026-11-21T05:00:00.000Z');
    expect(values).toContain('anna@example.test');
    expect(values).toContain('812345678');
    expect(values).toContain('booking-1');
  });

  it("are read after the person's locks and the caller's next one, taken by the statement before, in that order", () => {
    expect(holdLocksQuery(ME, 'unpaid-hold:type-s').values).toEqual([[...holdLockKeys(ME), 'unpaid-hold:type-s']]);
    expect(holdLocksQuery(ME).values).toEqual([holdLockKeys(ME)]);
  });

  it('three confirmed per email and per phone (for cash, transfer and crypto only); unconfirmed ones never count', () => {
    expect(DAILY_HOLD_LIMITS.email).toBe(3);
    expect(DAILY_HOLD_LIMITS.phone).toBe(3);
    const ended = { open: false };
    expect(check(times(2, { ...ended, email: 'anna@example.test' }))).toEqual({ ok: true, replace: [] });
    expect(check(times(3, { ...ended, email: 'anna@example.test' }))).toEqual(refused('daily_limit'));
    expect(check(times(2, { ...ended, phone_key: '812345678' }))).toEqual({ ok: true, replace: [] });
    expect(check(times(3, { ...ended, phone_key: '812345678' }))).toEqual(refused('daily_limit'));
    expect(check(times(3, { ...ended, email: 'anna@example.test', confirmed: false }))).toEqual({ ok: true, replace: [] });
    expect(check(times(3, { ...ended, phone_key: '1234567' }), { phone: '123-4567' })).toEqual({ ok: true, replace: [] });
    expect(check(times(3, { ...ended, email: 'anna@example.test' }), { online: true })).toEqual({ ok: true, replace: [] });
  });

  it('five per device and ten per network, for every method; RATE_LIMIT_SCALE multiplies the network one only', () => {
    expect(DAILY_HOLD_LIMITS.device).toBe(5);
    expect(DAILY_HOLD_LIMITS.address).toBe(10);
    const ended = { open: false };
    expect(check(times(4, { ...ended, device_key: 'device-a' }), { online: true })).toEqual({ ok: true, replace: [] });
    expect(check(times(5, { ...ended, device_key: 'device-a' }), { online: true })).toEqual(refused('daily_limit'));
    expect(check(times(9, { ...ended, client_key: 'net-a' }), { online: true })).toEqual({ ok: true, replace: [] });
    expect(check(times(10, { ...ended, client_key: 'net-a' }), { online: true })).toEqual(refused('daily_limit'));
    setEnvForTests({ RATE_LIMIT_SCALE: '2' });
    expect(check(times(19, { ...ended, client_key: 'net-a' }), { online: true })).toEqual({ ok: true, replace: [] });
    expect(check(times(20, { ...ended, client_key: 'net-a' }), { online: true })).toEqual(refused('daily_limit'));
    expect(check(times(5, { ...ended, device_key: 'device-a' }), { online: true })).toEqual(refused('daily_limit'));
  });

  it('the daily limit is told before the open one', () => {
    expect(check(times(3, { email: 'anna@example.test' }))).toEqual(refused('daily_limit'));
    expect(check(times(5, { device_key: 'device-a' }), { online: true })).toEqual(refused('daily_limit'));
  });
});
