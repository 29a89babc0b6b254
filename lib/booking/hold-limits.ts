import 'server-only';
import { Prisma } from '@/generated/prisma/client';
import { env } from '@/lib/env';

/**
 * What one person may hold without paying (docs/product-rules.md#holds). Counted over bookings whose hold still runs
 * and that are not paid, whatever the method (a card checkout holds a unit too, until its session ends):
 *   - two per device (the browser's httpOnly device cookie) and three per network (an IPv4 address, an IPv6 /64:
 *     lib/rate-limit/network.ts), for hotels and offices;
 *   - one per email and one per phone number, counting only CONFIRMED holds: anybody can type somebody else's email,
 *     only its owner can confirm a hold from it, so a stranger's unconfirmed holds never use up a person's allowance
 *     (a visitor cannot deny a specific person a booking);
 *   - started in the last 24 hours: three confirmed per email or phone, five per device, ten per network, so a hold
 *     that lapses cannot simply be taken again and again.
 * Card and PromptPay are refused only by the device and network limits (what the one booking controls), never by
 * an email or phone: a payment that completes is never refused because of somebody else's holds.
 * A customer who submits again from the same device with the same email or phone has changed their mind (another
 * method, another unit): the earlier hold is released instead of refusing the new one. From another device it is
 * not, so knowing somebody's email is not enough to cancel their reservation.
 */
export const OPEN_HOLD_LIMITS = { email: 1, phone: 1, device: 2, address: 3 } as const;
export const DAILY_HOLD_LIMITS = { email: 3, phone: 3, device: 5, address: 10 } as const;

export interface HoldIdentity {
  email: string;
  phone: string;
  /** keyed hash of the device cookie, null when the request had none */
  deviceKey: string | null;
  /** keyed hash of the network (lib/rate-limit/network.ts), null outside a request */
  clientKey: string | null;
  /** card or PromptPay: paid at once, so the email and phone limits do not apply */
  online?: boolean;
}

export type HoldLimitOutcome = { ok: true; replace: string[] } | { ok: false; reason: 'open_hold' | 'daily_limit' };

/** The last nine digits name a Thai number whether it was typed +66 8x…, 08x… or with spaces. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-9);
}

export interface HoldRow {
  id: string;
  email: string;
  phone_key: string;
  device_key: string | null;
  client_key: string | null;
  open: boolean;
  confirmed: boolean;
}

/**
 * The advisory locks that serialise the submits of one person (same email, phone, device or address) until the
 * transaction ends, so two of them cannot both pass the count: always in the same (sorted) order, so two submits
 * sharing two keys cannot deadlock.
 */
export function holdLockKeys(who: HoldIdentity): string[] {
  return [`email:${who.email.trim().toLowerCase()}`, `phone:${phoneKey(who.phone)}`, who.deviceKey && `device:${who.deviceKey}`, who.clientKey && `address:${who.clientKey}`]
    .filter((k): k is string => Boolean(k))
    .sort()
    .map((k) => `hold:${k}`);
}

/**
 * A one-row query (column `locked`) that takes the person's locks, then `thenLock` (the caller's next lock: the unit
 * type's), for the caller to run as part of its last statement before the count (lib/booking/reserve.ts, the payment's
 * insert). The count must be a later statement, which reads as of its own start, after the locks were granted; riding
 * on the statement before it saves a round trip while they are held (docs/performance.md "Booking submits"). Every
 * submit takes the person's locks before the type's, so two submits cannot wait for each other.
 */
export function holdLocksQuery(who: HoldIdentity, thenLock: string | null = null): Prisma.Sql {
  const keys = [...holdLockKeys(who), ...(thenLock ? [thenLock] : [])];
  // The ordered subquery feeds the aggregate row by row, so the locks are taken in the array's order.
  return Prisma.sql`SELECT count(pg_advisory_xact_lock(hashtext(k)))::int AS locked FROM (SELECT k FROM unnest(${keys}::text[]) WITH ORDINALITY AS t(k, i) ORDER BY i) AS ordered`;
}

/** The person's holds that holdsCte reads: their own rows, and the network's as two counts. */
export interface PersonHolds {
  /** holds made with this email or phone, or from this device */
  rows: HoldRow[];
  /** holds made from this network: all of the last 24 hours, and those still open */
  address: { daily: number; open: number };
}

/**
 * The person's holds of the last 24 hours, as common table expressions for the caller's statement after
 * holdLocksQuery's (the reservation's pick, lib/booking/reserve.ts), read back from the column holdsColumn names;
 * judgeHoldLimits then says what they allow. `ownBookingId`: the booking this transaction already wrote, which must not
 * count against itself. The statement reads as of its own start, after the person's locks were granted: all it needs.
 * The network's holds are counted, not listed: they are many where many people share one address (a hotel's, the
 * bench's), and the statement runs while every submit from that network waits for it (docs/performance.md "Booking
 * submits"). The phone is matched by its stored digits (customers.phone_digits), as phoneKey reads it. The person's
 * rows are found by device, email and phone separately, each through its index (migration
 * 20261201043350_hold_lookups), then joined once: one condition over both tables made PostgreSQL join every booking of
 * the day with its customer, under the lock.
 */
export function holdsCte(who: HoldIdentity, now: Date, ownBookingId: string | null): Prisma.Sql {
  const email = who.email.trim().toLowerCase();
  const phone = phoneKey(who.phone);
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const counted = Prisma.sql`b.created_at > ${since} AND b.payment_status <> 'paid' AND b.id IS DISTINCT FROM ${ownBookingId}::text`;
  const open = Prisma.sql`(b.status = 'reserved' AND b.hold_expires_at > ${now})`;
  return Prisma.sql`hold_ids AS (
    SELECT b.id FROM bookings b WHERE ${who.deviceKey}::text IS NOT NULL AND b.device_key = ${who.deviceKey} AND b.created_at > ${since}
    UNION
    SELECT b.id FROM customers c JOIN bookings b ON b.customer_id = c.id
    WHERE (lower(c.email) = ${email} OR right(c.phone_digits, 9) = ${phone}) AND b.created_at > ${since}),
  hold_rows AS (
    SELECT b.id, lower(c.email) AS email, right(c.phone_digits, 9) AS phone_key, b.device_key, b.client_key,
           ${open} AS open, (b.hold_confirmed_at IS NOT NULL) AS confirmed
    FROM hold_ids h JOIN bookings b ON b.id = h.id JOIN customers c ON c.id = b.customer_id
    WHERE ${counted}),
  hold_address AS (
    SELECT count(*)::int AS daily, (count(*) FILTER (WHERE ${open}))::int AS open
    FROM bookings b WHERE ${who.clientKey}::text IS NOT NULL AND b.client_key = ${who.clientKey} AND ${counted})`;
}

/** The column (`holds`, PersonHolds as JSON) that carries holdsCte's answer back in the caller's one-row answer. */
export const holdsColumn = Prisma.sql`json_build_object(
    'rows', (SELECT coalesce(json_agg(hold_rows), '[]'::json) FROM hold_rows),
    'address', (SELECT row_to_json(hold_address) FROM hold_address)) AS holds`;

/** What the person's holds (holdsCte's answer) allow this submit: refused, or allowed with the holds it replaces. */
export function judgeHoldLimits({ rows, address }: PersonHolds, who: HoldIdentity): HoldLimitOutcome {
  const email = who.email.trim().toLowerCase();
  const phone = phoneKey(who.phone);

  // Holds a stranger can make with somebody's email never count against that email (see above).
  const sameEmail = (r: HoldRow) => r.confirmed && r.email === email;
  const samePhone = (r: HoldRow) => r.confirmed && phone.length >= 8 && r.phone_key === phone;
  // Whose earlier hold this submit may replace: the same device typing the same email or phone, confirmed or not.
  const sameTyped = (r: HoldRow) => r.email === email || (phone.length >= 8 && r.phone_key === phone);
  const sameDevice = (r: HoldRow) => who.deviceKey !== null && r.device_key === who.deviceKey;
  const sameAddress = (r: HoldRow) => who.clientKey !== null && r.client_key === who.clientKey;

  const daily = (match: (r: HoldRow) => boolean) => rows.filter(match).length;
  const personal = !who.online;
  if (personal && (daily(sameEmail) >= DAILY_HOLD_LIMITS.email || daily(samePhone) >= DAILY_HOLD_LIMITS.phone)) return { ok: false, reason: 'daily_limit' };
  // Like the rate limits, the per-address allowance follows RATE_LIMIT_SCALE (test suites book from one address).
  const scale = env().RATE_LIMIT_SCALE;
  if (daily(sameDevice) >= DAILY_HOLD_LIMITS.device || address.daily >= DAILY_HOLD_LIMITS.address * scale) return { ok: false, reason: 'daily_limit' };

  const open = rows.filter((r) => r.open);
  const replace = open.filter((r) => sameDevice(r) && sameTyped(r));
  const kept = open.filter((r) => !replace.includes(r));
  const count = (match: (r: HoldRow) => boolean) => kept.filter(match).length;
  if (personal && (count(sameEmail) >= OPEN_HOLD_LIMITS.email || count(samePhone) >= OPEN_HOLD_LIMITS.phone)) return { ok: false, reason: 'open_hold' };
  // The network's open holds come counted (holdsCte); those this submit replaces are among the rows.
  if (count(sameDevice) >= OPEN_HOLD_LIMITS.device || address.open - replace.filter(sameAddress).length >= OPEN_HOLD_LIMITS.address * scale) return { ok: false, reason: 'open_hold' };
  return { ok: true, replace: replace.map((r) => r.id) };
}
