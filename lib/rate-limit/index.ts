import 'server-only';
import crypto from 'node:crypto';
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { redisClient } from './redis';

export { clientAddress } from './client-address';

/**
 * Every rate limit of the site: `points` attempts per `duration` seconds for one key (an address, an email, a visitor).
 * Counters live in Redis when REDIS_URL is set, otherwise in the database table `rate_limits`, so every server
 * counts against the same allowance. RATE_LIMIT_SCALE multiplies the points (tests that drive many requests from
 * one address raise it).
 */
export const RATE_LIMITS = {
  /** booking submits per address */
  bookingSubmit: { points: 10, duration: 60 * 60 },
  /** promo code checks per address (the wizard's Apply and the quote API) */
  promoCheck: { points: 20, duration: 10 * 60 },
  /** waiting-list sign-ups per address */
  waitingListJoin: { points: 5, duration: 60 * 60 },
  /** payment-proof uploads per address */
  proofUpload: { points: 20, duration: 60 * 60 },
  /** card / PromptPay checkouts started for invoices per address (each creates a Stripe session) */
  invoicePay: { points: 20, duration: 60 * 60 },
  /** abandoned-draft copies saved per address */
  draftSave: { points: 30, duration: 60 * 60 },
  /** chat messages per visitor */
  chatMessage: { points: 10, duration: 60 },
  /** new chat conversations per address (opening again resumes the visitor's conversation; hotels and offices share one address) */
  chatStart: { points: 20, duration: 60 * 60 },
  /** staff sign-in attempts per account */
  signInAccount: { points: 5, duration: 15 * 60 },
  /** staff sign-in attempts per address */
  signInAddress: { points: 20, duration: 15 * 60 },
  /** one-time sign-in links requested per email and per address */
  magicLink: { points: 3, duration: 15 * 60 },
} as const satisfies Record<string, { points: number; duration: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export type RateLimitOutcome = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

const limiters = new WeakMap<Db, Map<RateLimitName, RateLimiterAbstract>>();

function limiterFor(db: Db, name: RateLimitName): RateLimiterAbstract {
  let perDb = limiters.get(db);
  if (!perDb) limiters.set(db, (perDb = new Map()));
  let limiter = perDb.get(name);
  if (!limiter) {
    const { points, duration } = RATE_LIMITS[name];
    const opts = {
      keyPrefix: `rl:${name}`,
      points: Math.max(1, Math.round(points * env().RATE_LIMIT_SCALE)),
      duration,
      // A store that fails (database or Redis away) never takes the site down: this server counts alone meanwhile.
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `rl:${name}`, points: Math.max(1, Math.round(points * env().RATE_LIMIT_SCALE)), duration }),
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
    const res = await limiterFor(db, name).consume(hashKey(key), points);
    return { ok: true, remaining: res.remainingPoints };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
    log.error({ err: error, limit: name }, 'rate-limit: store failed; allowing the request');
    return { ok: true, remaining: 0 };
  }
}

/** Forgets the attempts of `key` (for example after a successful sign-in). */
export async function resetRateLimit(db: Db, name: RateLimitName, key: string): Promise<void> {
  await limiterFor(db, name)
    .delete(hashKey(key))
    .catch((error: unknown) => log.error({ err: error, limit: name }, 'rate-limit: reset failed'));
}

/** Job: deletes counters that expired over an hour ago (database store only; Redis expires its own keys). */
export async function purgeExpiredRateLimits(db: Db, now: Date = new Date()): Promise<{ deleted: number }> {
  const { count } = await db.rateLimiterFlexible.deleteMany({ where: { expire: { lt: new Date(now.getTime() - 60 * 60 * 1000) } } });
  return { deleted: count };
}
