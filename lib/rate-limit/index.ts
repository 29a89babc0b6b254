import 'server-only';
import crypto from 'node:crypto';
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { redisClient } from '@/lib/platform/redis';
import { networkOf } from './network';

export { clientAddress } from './client-address';

/**
 * Every rate limit of the site: `points` attempts per `duration` seconds for one key (an address, an email, a visitor).
 * Counters live in Redis when REDIS_URL is set, otherwise in the database table `rate_limits`, so every server
 * counts against the same allowance. RATE_LIMIT_SCALE multiplies the points of the limits counted per network address
 * (`byAddress`): test suites drive many requests from one address; limits per account or recipient never scale.
 */
export const RATE_LIMITS = {
  /** booking submits per address */
  bookingSubmit: { points: 10, duration: 60 * 60, byAddress: true },
  /** promo code checks per address (the wizard's Apply and the quote API) */
  promoCheck: { points: 20, duration: 10 * 60, byAddress: true },
  /** waiting-list sign-ups per address */
  waitingListJoin: { points: 5, duration: 60 * 60, byAddress: true },
  /** payment-proof uploads per address */
  proofUpload: { points: 20, duration: 60 * 60, byAddress: true },
  /** identity documents and condition photos uploaded from the portal, per address */
  identityUpload: { points: 10, duration: 60 * 60, byAddress: true },
  /** card / PromptPay checkouts started for invoices per address (each creates a Stripe session) */
  invoicePay: { points: 20, duration: 60 * 60, byAddress: true },
  /**
   * wizard openings counted per network (the dashboard's conversion, which drives rate suggestions); past it the
   * wizard still opens, the start is not counted and no saved draft is read
   */
  wizardOpen: { points: 30, duration: 60 * 60, byAddress: true },
  /** abandoned-draft copies saved per address */
  draftSave: { points: 30, duration: 60 * 60, byAddress: true },
  /** chat messages per visitor */
  chatMessage: { points: 10, duration: 60, byAddress: true },
  /** cookie choices recorded per address (docs/product-rules.md#personal-data-pdpa) */
  consentRecord: { points: 30, duration: 60 * 60, byAddress: true },
  /** new chat conversations per address (opening again resumes the visitor's conversation; hotels and offices share one address) */
  chatStart: { points: 20, duration: 60 * 60, byAddress: true },
  /** staff sign-in attempts per address (a stranger's own address only: it never stops anybody else) */
  signInAddress: { points: 20, duration: 15 * 60, byAddress: true },
  /**
   * Failed staff sign-ins, counted (never refused) per account + address and per account over a day; lib/auth/sign-in.ts
   * turns the counts into growing waits (signInWait), never into a lock.
   */
  signInFailuresPair: { points: 1_000_000, duration: 24 * 60 * 60 },
  signInFailuresAccount: { points: 1_000_000, duration: 24 * 60 * 60 },
  /** the wait a failure imposes (set with blockFor); points 1: any block is a wait */
  signInWait: { points: 1, duration: 1 },
  /** staff sessions ended by signing out (set with blockFor for the session's longest life; lib/auth/session-end.ts) */
  staffSessionEnded: { points: 1, duration: 1 },
  /** two-factor code checks per staff account outside sign-in (turning it on or off) */
  totpCheck: { points: 5, duration: 15 * 60 },
  /** 'My Storage' sign-in links requested per network (answered alike for every email) */
  magicLink: { points: 5, duration: 15 * 60, byAddress: true },
  /**
   * 'My Storage' sign-in emails a day per recipient address AND requesting network: a stranger's requests never use up
   * the owner's (past it, requests are answered alike and send nothing)
   */
  magicLinkEmail: { points: 3, duration: 24 * 60 * 60 },
  /**
   * sign-in emails a day per recipient address from every network together; past it, lib/portal/sign-in-link.ts sends
   * one only when no earlier link is still valid, so a flood from many networks stays a trickle
   */
  magicLinkEmailAll: { points: 10, duration: 24 * 60 * 60 },
  /** presses of a hold's "Confirm my reservation" button per address */
  holdConfirm: { points: 20, duration: 60 * 60, byAddress: true },
  /** waiting-list confirmation emails per recipient address (a join, or a join again while unconfirmed) */
  waitingListConfirmEmail: { points: 3, duration: 24 * 60 * 60 },
  /**
   * emails to an address that never proved itself, from everywhere (lib/email/address-budget.ts), so the site cannot
   * be made to mail one person in bulk; and per address and requesting network, so strangers cannot spend the owner's
   */
  bookingEmailRecipient: { points: 10, duration: 24 * 60 * 60 },
  unprovenAddressFromNetwork: { points: 2, duration: 24 * 60 * 60 },
  /** abandoned-draft reminders per recipient address */
  draftReminderRecipient: { points: 1, duration: 24 * 60 * 60 },
  /** portal prepayment invoices and card replacements per address */
  portalBilling: { points: 20, duration: 60 * 60, byAddress: true },
  /** LINE webhook calls per address (LINE's servers send a few a second at most) and portal "Link LINE" presses */
  lineWebhook: { points: 600, duration: 60, byAddress: true },
  lineLink: { points: 20, duration: 60 * 60, byAddress: true },
  /** personal-data requests from the portal per address */
  privacyRequest: { points: 10, duration: 60 * 60, byAddress: true },
  /** unsubscribe presses per address */
  unsubscribe: { points: 20, duration: 60 * 60, byAddress: true },
} as const satisfies Record<string, { points: number; duration: number; byAddress?: boolean }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export type RateLimitOutcome = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

const limiters = new WeakMap<Db, Map<RateLimitName, RateLimiterAbstract>>();

function limiterFor(db: Db, name: RateLimitName): RateLimiterAbstract {
  let perDb = limiters.get(db);
  if (!perDb) limiters.set(db, (perDb = new Map()));
  let limiter = perDb.get(name);
  if (!limiter) {
    const limit: { points: number; duration: number; byAddress?: boolean } = RATE_LIMITS[name];
    const points = Math.max(1, Math.round(limit.points * (limit.byAddress ? env().RATE_LIMIT_SCALE : 1)));
    const { duration } = limit;
    const opts = {
      keyPrefix: `rl:${name}`,
      points,
      duration,
      // A store that fails (database or Redis away) never takes the site down: this server counts alone meanwhile.
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `rl:${name}`, points, duration }),
    };
    const redis = redisClient();
    limiter = redis
      ? new RateLimiterRedis({ ...opts, storeClient: redis })
      : new RateLimiterPrisma({ ...opts, storeClient: db, tableName: 'rateLimiterFlexible', clearExpiredByTimeout: false });
    perDb.set(name, limiter);
  }
  return limiter;
}

/** Keys are hashed: the table and Redis never hold an address or an email in clear. */
function hashKey(key: string): string {
  return crypto.createHash('sha256').update(key.trim().toLowerCase()).digest('base64url').slice(0, 32);
}

/** Counts one attempt (or `points`) for `key` under `name`; refuses with the seconds to wait once the allowance is used. */
export async function consumeRateLimit(db: Db, name: RateLimitName, key: string, points = 1): Promise<RateLimitOutcome> {
  try {
    // Limits per address count per network: an IPv6 /64 is one visitor (lib/rate-limit/network.ts).
    const counted = (RATE_LIMITS[name] as { byAddress?: boolean }).byAddress ? networkOf(key) : key;
    const res = await limiterFor(db, name).consume(hashKey(counted), points);
    return { ok: true, remaining: res.remainingPoints };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
    log.error({ err: error, limit: name }, 'rate-limit: store failed; allowing the request');
    return { ok: true, remaining: 0 };
  }
}

/** Counts one attempt for `key` without ever refusing (the limit's points are a ceiling nobody reaches); the count so far. */
export async function countAttempt(db: Db, name: RateLimitName, key: string): Promise<number> {
  try {
    return (await limiterFor(db, name).consume(hashKey(key), 1)).consumedPoints;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error.consumedPoints;
    log.error({ err: error, limit: name }, 'rate-limit: store failed; counting nothing');
    return 0;
  }
}

/** The attempts counted for `key` under `name` so far (countAttempt's count), without counting one. */
export async function attemptCount(db: Db, name: RateLimitName, key: string): Promise<number> {
  try {
    return (await limiterFor(db, name).get(hashKey(key)))?.consumedPoints ?? 0;
  } catch (error) {
    log.error({ err: error, limit: name }, 'rate-limit: store failed; counting nothing');
    return 0;
  }
}

/** Makes `key` wait `seconds` under `name` (only ever lengthens a wait already running). */
export async function blockFor(db: Db, name: RateLimitName, key: string, seconds: number): Promise<void> {
  if (seconds <= 0) return;
  const current = await waitSeconds(db, name, key);
  if (current >= seconds) return;
  await limiterFor(db, name)
    .block(hashKey(key), seconds)
    .catch((error: unknown) => log.error({ err: error, limit: name }, 'rate-limit: block failed'));
}

/** The seconds `key` must still wait under `name` (set by blockFor), 0 when it may go on. */
export async function waitSeconds(db: Db, name: RateLimitName, key: string): Promise<number> {
  try {
    const limiter = limiterFor(db, name);
    const res = await limiter.get(hashKey(key));
    if (!res || res.consumedPoints <= limiter.points || res.msBeforeNext <= 0) return 0;
    return Math.ceil(res.msBeforeNext / 1000);
  } catch (error) {
    log.error({ err: error, limit: name }, 'rate-limit: store failed; no wait');
    return 0;
  }
}

/** Forgets the attempts of `key` (for example after a successful sign-in). */
export async function resetRateLimit(db: Db, name: RateLimitName, key: string): Promise<void> {
  await limiterFor(db, name)
    .delete(hashKey(key))
    .catch((error: unknown) => log.error({ err: error, limit: name }, 'rate-limit: reset failed'));
}

/**
 * Job: deletes counters that expired before `cutoff` (database store only; Redis expires its own keys). The retention
 * job passes the cutoff from the retention table (lib/privacy/retention-jobs.ts): the platform reads no domain's rule.
 */
export async function purgeExpiredRateLimits(db: Db, cutoff: Date): Promise<{ deleted: number }> {
  const { count } = await db.rateLimiterFlexible.deleteMany({ where: { expire: { lt: cutoff } } });
  return { deleted: count };
}
